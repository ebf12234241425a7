/** Placeholders a header value may hold, filled in for every request. */
export const templatePlaceholders = [
  { name: 'uuid', description: 'a new random UUID for every request (one value per request)' },
  { name: 'session_id', description: 'the workflow run’s session id (workflow runs only)' },
  { name: 'conversation_id', description: 'the chat’s conversation id (assistant calls only)' },
  { name: 'user.sub', description: 'your user id (the token’s subject)' },
  { name: 'user.email', description: 'your e-mail address, when the identity provider gives one' },
  { name: 'now', description: 'the time the request is sent, ISO 8601 in UTC' },
] as const;

/** What one request knows; `purpose` names it in messages ("assistant call", "workflow run"). */
export interface TemplateContext {
  uuid(): string;
  now(): Date;
  purpose: string;
  sessionId?: string;
  conversationId?: string;
  user?: { sub?: string; email?: string };
}

const known: ReadonlySet<string> = new Set<string>(templatePlaceholders.map((placeholder) => placeholder.name));
const placeholderPattern = /\{\{([^{}]*)\}\}/g;

/** The placeholder names a value uses, trimmed, in order of appearance. */
export const placeholdersIn = (value: string): string[] =>
  [...value.matchAll(placeholderPattern)].map((match) => (match[1] ?? '').trim());

/** Problems in a value's templates that no request could fix: unknown names, unbalanced braces. */
export function templateProblems(value: string): string[] {
  const problems: string[] = [];
  for (const name of placeholdersIn(value)) {
    if (name === '') problems.push('“{{}}” names no placeholder.');
    else if (!known.has(name))
      problems.push(
        `Unknown placeholder {{${name}}}; use one of ${[...known].map((item) => `{{${item}}}`).join(', ')}.`,
      );
  }
  const rest = value.replace(placeholderPattern, '');
  if (rest.includes('{{')) problems.push('“{{” is not closed with “}}”.');
  else if (rest.includes('}}')) problems.push('“}}” closes no “{{”.');
  return problems;
}

export type Resolution = { ok: true; value: string } | { ok: false; problem: string };

/**
 * Fills a value's placeholders for one request. A placeholder without a value (no session in a chat,
 * no e-mail in the token) is a problem, never sent literally. `uuid` is asked once per request by the
 * caller, so every {{uuid}} of one request carries the same id.
 */
export function resolveTemplate(value: string, context: TemplateContext, uuid: () => string): Resolution {
  const problems = templateProblems(value);
  if (problems.length > 0) return { ok: false, problem: problems[0] ?? '' };
  let missing: string | null = null;
  const resolved = value.replace(placeholderPattern, (_match, raw: string) => {
    const name = raw.trim();
    const filled = fill(name, context, uuid);
    if (filled === undefined || filled === '') {
      missing ??= `{{${name}}} has no value in ${article(context.purpose)} ${context.purpose}${hintFor(name)}.`;
      return '';
    }
    return filled;
  });
  return missing ? { ok: false, problem: missing } : { ok: true, value: resolved };
}

function fill(name: string, context: TemplateContext, uuid: () => string): string | undefined {
  switch (name) {
    case 'uuid':
      return uuid();
    case 'session_id':
      return context.sessionId;
    case 'conversation_id':
      return context.conversationId;
    case 'user.sub':
      return context.user?.sub;
    case 'user.email':
      return context.user?.email;
    case 'now':
      return context.now().toISOString();
    default:
      return undefined;
  }
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

function hintFor(name: string): string {
  if (name === 'session_id') return ' (only workflow runs with a session id have one)';
  if (name === 'conversation_id') return ' (only chat turns have one)';
  if (name.startsWith('user.')) return ' (the sign-in did not provide it; pasted tokens may lack it)';
  return '';
}
