// What a scripted assistant receives and produces, and how answers are cut into streamed tokens.
import type { AttachedFile } from '../files/attachments';
import type { CheckedResponse } from '../conversations/interactive/interactive-intake';
import type { CheckedA2uiAnswer } from '../conversations/interactive/a2ui-intake';
import type { ServerGeneration } from '../generation';
import type { ToolCallPolicy } from '../approval/policy';
import type { Checkpoint } from '../approval/checkpoint';

/** Calls a tool of the MCP server while the run plays (with the request's forwarded headers). */
export type ToolInvoker = (
  tool: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<ToolCallOutcome['result']>;

export interface ScriptInput {
  question: string;
  model: string;
  /** The call streams (real servers offer the asking tool only then). */
  stream?: boolean;
  /** The checked answer to a question the assistant asked earlier in the conversation. */
  interactiveResponse?: CheckedResponse;
  /** The generation of server running the script (unset: the 2.42 behaviour). */
  generation?: ServerGeneration;
  /** Current servers: the A2UI question tool is offered (a streamed call declaring the Basic Catalog). */
  a2ui?: boolean;
  /** Current servers: the checked answer to an A2UI surface the assistant showed earlier. */
  a2uiAnswer?: CheckedA2uiAnswer;
  /** Origin the call reached, where the platform serves its own media. */
  origin?: string;
  /** 1-based turn number when a history was sent. */
  turn?: number;
  /** The previous question of the conversation (the last user message of the history). */
  earlierQuestion?: string;
  /** The MCP tool call made for this answer, for assistants that use a tool. */
  toolCall?: ToolCallOutcome;
  /** The files of `file_names`, decoded and read from the store (the question names them too). */
  files?: readonly AttachedFile[];
  /** For assistants that call a tool while playing (the call's time is part of the stream). */
  invokeTool?: ToolInvoker;
  /** Default silence of the Slow Tool's tool, in ms. */
  silentToolMs?: number;
  /** The effective tool-call policy of this call (approval assistants pause by it). */
  toolCallPolicy?: ToolCallPolicy;
  /** Told when the run pauses for a person's approval. */
  onPause?: (checkpoint: Checkpoint) => void;
}

/** A tool called on the MCP server before the answer is played. */
export interface ToolCallOutcome {
  server: string;
  tool: string;
  args: Record<string, unknown>;
  result: { isError: boolean; text: string; json: unknown };
  /** Whether the request's X-* headers were forwarded. */
  propagate: boolean;
}

export interface ScriptedAnswer {
  text: string;
  /** Delay between streamed tokens, as a multiple of the platform's stream delay. */
  delayFactor: number;
}

/** A script that refuses to answer: the API answers with this status (default 500), headers and error body. */
export class ScriptFailure extends Error {
  constructor(
    message: string,
    readonly details: string,
    readonly help: string,
    readonly status = 500,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Word tokens with their trailing whitespace (leading whitespace stays on the first): joined they give `text` back. */
export function tokenize(text: string): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  return tokens.length > 0 || text === '' ? tokens : [text];
}

export function estimateTokens(...texts: string[]): number {
  return texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
}

const stopWords = new Set(
  [
    'a an and are as at be by can could do does for from how i in into is it me my of on or please that the this to use using',
    'what when where which who why will with would you your',
    'explain compare describe write give list create make build show tell summarize summarise outline',
    'one two three four five few some short brief paragraph paragraphs sentence sentences table tables',
  ]
    .join(' ')
    .split(' '),
);

/** Distinct meaningful words of a question, in order of appearance. */
export function keywords(question: string, limit: number): string[] {
  const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const word of words) {
    const key = word.toLowerCase();
    if (stopWords.has(key) || seen.has(key)) continue;
    seen.add(key);
    result.push(word);
    if (result.length === limit) break;
  }
  return result;
}

/** A stable small number for a word, to pick phrasing deterministically. */
export function wordHash(word: string): number {
  let hash = 7;
  for (const char of word.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return hash;
}
