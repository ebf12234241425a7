import { jsonSource, shellString } from './literals';

/** A logged call in a form that can be written out as a command to replay it. */
export interface RequestSpec {
  method: string;
  url: string;
  headers: readonly (readonly [string, string])[];
  /** Headers whose values are secret (masked in `headers`): written as shell variables unless given. */
  secretHeaders?: readonly string[];
  body?: string;
  /** The answer streams: curl must not buffer it. */
  stream: boolean;
}

/** The shell variable a secret header's value is read from in a copied command: X-Api-Key → X_API_KEY. */
export const secretVariable = (name: string): string =>
  name
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d)/, '_') || 'SECRET';

/** The Authorization value the request log keeps in place of the token. */
export const tokenPlaceholder = 'Bearer $ACCESS_TOKEN';

/** A shell word for `text`: single-quoted, or ANSI-C quoted when it holds a line break or control character. */
export const shellQuote = shellString;

const isTokenHeader = ([name, value]: readonly [string, string]) =>
  name.toLowerCase() === 'authorization' && value === tokenPlaceholder;

/** Real values of secret headers by name, given only by an explicit "Copy with secrets". */
export type SecretValues = Readonly<Record<string, string>>;

type HeaderForm = { kind: 'token' } | { kind: 'variable'; variable: string } | { kind: 'literal'; value: string };

function headerForm(spec: RequestSpec, header: readonly [string, string], secrets: SecretValues): HeaderForm {
  if (isTokenHeader(header)) return { kind: 'token' };
  const [name, value] = header;
  const secret = spec.secretHeaders?.some((known) => known.toLowerCase() === name.toLowerCase()) === true;
  if (!secret) return { kind: 'literal', value };
  const given = Object.entries(secrets).find(([known]) => known.toLowerCase() === name.toLowerCase())?.[1];
  return given !== undefined ? { kind: 'literal', value: given } : { kind: 'variable', variable: secretVariable(name) };
}

/** The variables a command expects to be set: ACCESS_TOKEN and one per secret header not given. */
export function commandVariables(spec: RequestSpec, secrets: SecretValues = {}): string[] {
  const names = spec.headers.flatMap((header) => {
    const form = headerForm(spec, header, secrets);
    return form.kind === 'token' ? ['ACCESS_TOKEN'] : form.kind === 'variable' ? [form.variable] : [];
  });
  return [...new Set(names)];
}

// Header names are RFC 9110 tokens, which may hold $ and `: those are single-quoted, the variable double-quoted.
const plainName = /^[A-Za-z0-9_.-]+$/;

/**
 * A bash command that repeats the call. Everything is single-quoted except the Authorization header and secret
 * headers, double-quoted so the shell fills in $ACCESS_TOKEN and $X_API_KEY: the values are never written down,
 * unless `secrets` gives them (an explicit "Copy with secrets").
 */
export function toCurl(spec: RequestSpec, secrets: SecretValues = {}): string {
  const method = spec.method.toUpperCase();
  const defaultMethod = spec.body !== undefined ? 'POST' : 'GET';
  // One option per line keeps a long command readable when pasted.
  const lines = [
    [
      'curl -sS',
      spec.stream ? ' -N' : '',
      method !== defaultMethod ? ` -X ${method}` : '',
      ` ${shellQuote(spec.url)}`,
    ].join(''),
  ];
  for (const header of spec.headers) {
    const form = headerForm(spec, header, secrets);
    const name = header[0];
    lines.push(
      `-H ${
        form.kind === 'token'
          ? `"Authorization: ${tokenPlaceholder}"`
          : form.kind === 'literal'
            ? shellQuote(`${name}: ${form.value}`)
            : plainName.test(name)
              ? `"${name}: $${form.variable}"`
              : `${shellQuote(`${name}: `)}"$${form.variable}"`
      }`,
    );
  }
  if (spec.body !== undefined) lines.push(`--data-raw ${shellQuote(spec.body)}`);
  return lines.join(' \\\n  ');
}

function bodyExpression(body: string): string {
  try {
    return `JSON.stringify(${jsonSource(JSON.parse(body), 2).replace(/\n/g, '\n  ')})`;
  } catch {
    return jsonSource(body);
  }
}

/** The same call as JavaScript `fetch`, with the token (and secret header values) read from variables. */
export function toFetch(spec: RequestSpec, secrets: SecretValues = {}): string {
  const headers = spec.headers.map((header) => {
    const form = headerForm(spec, header, secrets);
    if (form.kind === 'token') return `    Authorization: \`Bearer \${ACCESS_TOKEN}\`,`;
    return `    ${jsonSource(header[0])}: ${form.kind === 'variable' ? form.variable : jsonSource(form.value)},`;
  });
  const secretVariables = commandVariables(spec, secrets).filter((name) => name !== 'ACCESS_TOKEN');
  const lines = [
    `// Set ACCESS_TOKEN to your access token first${secretVariables.length ? `, and ${secretVariables.join(', ')} to the secret header values` : ''}.`,
    `const response = await fetch(${jsonSource(spec.url)}, {`,
    `  method: ${jsonSource(spec.method.toUpperCase())},`,
    ...(headers.length ? ['  headers: {', ...headers, '  },'] : []),
    ...(spec.body !== undefined ? [`  body: ${bodyExpression(spec.body)},`] : []),
    '});',
    spec.stream
      ? 'for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) console.log(chunk);'
      : 'console.log(response.status, await response.text());',
  ];
  return lines.join('\n');
}
