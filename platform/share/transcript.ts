// What a conversation export prints: its name and each turn's speaker, time, text, attachments and (on request) the
// tools' work, flattened from the thought tree.
import { findAssistant } from '../catalog/catalog-data';
import type { Conversation, StoredThought } from '../conversations/types';
import { decodeFileUrl } from '../files/file-url';

export interface ToolOutput {
  name: string;
  input: string | null;
  output: string | null;
}

export interface TranscriptTurn {
  speaker: string;
  date: string | null;
  text: string;
  files: string[];
  tools: ToolOutput[];
}

export interface Transcript {
  title: string;
  turns: TranscriptTurn[];
}

function flatten(thoughts: StoredThought[]): ToolOutput[] {
  return thoughts.flatMap((thought) => [
    { name: thought.author_name ?? 'Tool', input: thought.input_text, output: thought.message },
    ...flatten(thought.children),
  ]);
}

const fileName = (token: string): string => {
  try {
    return decodeFileUrl(token).name;
  } catch {
    return token;
  }
};

export function transcriptOf(conversation: Conversation, title: string, includeToolOutputs: boolean): Transcript {
  return {
    title,
    turns: conversation.history.map((item) => ({
      speaker:
        item.role === 'User'
          ? conversation.ownerName
          : ((item.assistantId ? findAssistant(item.assistantId)?.name : undefined) ?? 'Assistant'),
      date: item.date,
      text: item.message,
      files: item.fileNames.map(fileName),
      tools: includeToolOutputs ? flatten(item.thoughts ?? []) : [],
    })),
  };
}
