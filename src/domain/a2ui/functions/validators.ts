import { matchPattern } from '@/domain/a2ui/safe-regexp';

// The Basic Catalog's validation functions (catalog.json "functions": required, regex, length, numeric, email). Each
// takes already evaluated arguments. An empty value passes every check but `required`: an optional field left empty
// is not wrong. Every check runs in time linear in the value (the regular expression too, see safe-regexp.ts).

export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const hasSpace = (text: string) => /\s/u.test(text);

/**
 * An email address as forms mean it: one "@", something before it, and after it a domain with a dot that is neither
 * first nor last; no spaces. Written without a regular expression so that it reads each character once (the pattern
 * it replaces took quadratic time on a long value of dots).
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf('@');
  if (at <= 0 || at !== text.lastIndexOf('@') || hasSpace(text)) return false;
  const domain = text.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1;
}

const numberOf = (value: unknown): number => {
  if (typeof value === 'number') return value;
  const text = textOf(value).trim();
  return text === '' ? Number.NaN : Number(text);
};
const bound = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export type Args = Readonly<Record<string, unknown>>;

export const validators = {
  required: (args: Args) => !isEmpty(args.value),
  regex: (args: Args) => {
    const text = textOf(args.value);
    return typeof args.pattern !== 'string' || text === '' || matchPattern(args.pattern, text) !== 'mismatch';
  },
  length: (args: Args) => {
    const length = Array.from(textOf(args.value)).length;
    const min = bound(args.min);
    const max = bound(args.max);
    return (min === undefined || length >= min) && (max === undefined || length <= max);
  },
  numeric: (args: Args) => {
    const number = numberOf(args.value);
    if (Number.isNaN(number)) return textOf(args.value).trim() === '';
    const min = bound(args.min);
    const max = bound(args.max);
    return (min === undefined || number >= min) && (max === undefined || number <= max);
  },
  email: (args: Args) => {
    const text = textOf(args.value);
    return text === '' || isEmailAddress(text);
  },
} satisfies Record<string, (args: Args) => boolean>;

/** What a failed validator asks for, in words for the field; null when the agent's message says it best. */
export function validatorHint(name: string, args: Args): string | null {
  const min = bound(args.min);
  const max = bound(args.max);
  switch (name) {
    case 'email':
      return 'Enter an email address like name@example.com.';
    case 'length': {
      const length = Array.from(textOf(args.value)).length;
      if (max !== undefined && length > max) return `At most ${max} characters (now ${length}).`;
      if (min !== undefined && length < min) return `At least ${min} characters (now ${length}).`;
      return null;
    }
    case 'numeric':
      if (Number.isNaN(numberOf(args.value))) return 'Enter a number, like 42 or 3.5.';
      if (min !== undefined && max !== undefined) return `Enter a number from ${min} to ${max}.`;
      if (min !== undefined) return `Enter a number of at least ${min}.`;
      return max !== undefined ? `Enter a number of at most ${max}.` : null;
    case 'regex':
      return typeof args.pattern === 'string'
        ? `Use the form the assistant asked for (pattern ${args.pattern}).`
        : null;
    default:
      return null;
  }
}
