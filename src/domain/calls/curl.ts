/** A logged call in a form that can be written out as a command to replay it. */
export interface RequestSpec {
  method: string;
  url: string;
  headers: readonly (readonly [string, string])[];
  body?: string;
  /** The answer streams: curl must not buffer it. */
  stream: boolean;
}

/** The Authorization value the request log keeps in place of the token. */
export const tokenPlaceholder = 'Bearer $ACCESS_TOKEN';

/** POSIX single quoting: everything literal, a single quote written as '\'' . */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

const isTokenHeader = ([name, value]: readonly [string, string]) =>
  name.toLowerCase() === 'authorization' && value === tokenPlaceholder;

/**
 * A bash command that repeats the call. Everything is single-quoted except the Authorization header,
 * double-quoted so the shell fills in $ACCESS_TOKEN and the token itself is never written down.
 */
export function toCurl(spec: RequestSpec): string {
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
    lines.push(
      `-H ${isTokenHeader(header) ? `"Authorization: ${tokenPlaceholder}"` : shellQuote(`${header[0]}: ${header[1]}`)}`,
    );
  }
  if (spec.body !== undefined) lines.push(`--data-raw ${shellQuote(spec.body)}`);
  return lines.join(' \\\n  ');
}

function bodyExpression(body: string): string {
  try {
    return `JSON.stringify(${JSON.stringify(JSON.parse(body), null, 2).replace(/\n/g, '\n  ')})`;
  } catch {
    return JSON.stringify(body);
  }
}

/** The same call as JavaScript `fetch`, with the token read from an ACCESS_TOKEN variable. */
export function toFetch(spec: RequestSpec): string {
  const headers = spec.headers.map((header) =>
    isTokenHeader(header)
      ? `    Authorization: \`Bearer \${ACCESS_TOKEN}\`,`
      : `    ${JSON.stringify(header[0])}: ${JSON.stringify(header[1])},`,
  );
  const lines = [
    '// Set ACCESS_TOKEN to your access token first.',
    `const response = await fetch(${JSON.stringify(spec.url)}, {`,
    `  method: ${JSON.stringify(spec.method.toUpperCase())},`,
    ...(headers.length ? ['  headers: {', ...headers, '  },'] : []),
    ...(spec.body !== undefined ? [`  body: ${bodyExpression(spec.body)},`] : []),
    '});',
    spec.stream
      ? 'for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) console.log(chunk);'
      : 'console.log(response.status, await response.text());',
  ];
  return lines.join('\n');
}
