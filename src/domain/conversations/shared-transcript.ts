import { pairsByIndex, type StoredHistoryItem, type StoredThought } from './server/server-history';

/** One turn of a shared conversation, as its read-only page shows it: the latest version of each question. */
export interface SharedTurn {
  index: number;
  question: string;
  /** The files the question was sent with (bare file tokens). */
  files: readonly string[];
  answer: string | null;
  /** Which tools the answer used, by name only: their inputs and outputs may carry secrets and are never shown. */
  tools: readonly string[];
}

/** Top-level "Codemie Thoughts" repeat the answer's text: they are no tool. */
const answerThoughts = 'Codemie Thoughts';

function toolNames(thoughts: readonly StoredThought[] | null | undefined): string[] {
  return (thoughts ?? []).flatMap((thought) => [
    ...(thought.author_name && thought.author_name !== answerThoughts ? [thought.author_name] : []),
    ...toolNames(thought.children),
  ]);
}

/** The history as its shared page shows it: each turn's latest version, in order. */
export function sharedTranscript(history: readonly StoredHistoryItem[]): SharedTurn[] {
  return pairsByIndex(history).flatMap((versions) => {
    const latest = versions.at(-1);
    if (!latest) return [];
    return [
      {
        index: latest.index,
        question: latest.user?.message ?? '',
        files: latest.user?.fileNames ?? [],
        answer: latest.assistant?.message ?? null,
        tools: [...new Set(toolNames(latest.assistant?.thoughts))],
      },
    ];
  });
}
