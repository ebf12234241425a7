// A call the platform answered with HTTP 200 but refused in band: the final chunk's `execution_error` names a limit
// that was reached (the assistant's or the person's budget, the model's token limit, a rate limit), and `generated`
// holds the server's own text. Servers name these codes freely, so they are recognised by their words; a code not
// recognised here stays the generic "completed with errors".

export type RefusalKind = 'budget' | 'token-limit' | 'rate-limit';

export interface Refusal {
  kind: RefusalKind;
  /** The code the server sent, shown as it is. */
  code: string;
  /** What happened, in a few plain words (the turn's status). */
  status: string;
  /** What happened, as a sentence. */
  title: string;
  /** What the person can do about it. */
  advice: string;
}

const kinds: readonly { kind: RefusalKind; pattern: RegExp; status: string; title: string; advice: string }[] = [
  {
    kind: 'budget',
    pattern: /budget|spend|quota|credit|billing|money/,
    status: 'Refused — budget used up',
    title: 'The budget for this assistant is used up for now.',
    advice: 'Ask an admin to raise the budget, or try again after it resets.',
  },
  {
    kind: 'token-limit',
    pattern:
      /tokens?[ _-]?limit|max[ _-]?tokens|too[ _-]?many[ _-]?tokens|context[ _-]?(length|window|limit)|tokens?[ _-]?exceed/,
    status: 'Stopped — token limit reached',
    title: 'The conversation reached the model’s token limit.',
    advice: 'Start a new chat, shorten the question or attach less, or pick a model with a larger context.',
  },
  {
    kind: 'rate-limit',
    pattern: /rate[ _-]?limit|too[ _-]?many[ _-]?requests|throttl|\b429\b/,
    status: 'Refused — too many requests',
    title: 'Too many requests were made in a short time.',
    advice: 'Wait a minute, then ask again (Regenerate).',
  },
];

/** The refusal an `execution_error` code stands for, or null for any other code (or none). */
export function refusalOf(code: string | null | undefined): Refusal | null {
  if (!code) return null;
  const words = code.toLowerCase();
  const found = kinds.find(({ pattern }) => pattern.test(words));
  if (!found) return null;
  const { status, title, advice, kind } = found;
  return { kind, code, status, title, advice };
}
