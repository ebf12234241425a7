import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandVariables, shellQuote, toCurl, toFetch, type RequestSpec } from './curl';

/** Runs the command in bash with `curl` replaced by a function that prints its arguments, NUL-separated. */
function curlArguments(command: string, token = 'token-123', variables: Record<string, string> = {}): string[] {
  const output = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    env: { PATH: process.env['PATH'] ?? '', ACCESS_TOKEN: token, ...variables },
    encoding: 'utf8',
  });
  return output.split('\0').slice(0, -1);
}

const spec: RequestSpec = {
  method: 'POST',
  url: 'http://localhost:8080/code-assistant-api/v1/assistants/a/model',
  headers: [
    ['Authorization', 'Bearer $ACCESS_TOKEN'],
    ['Content-Type', 'application/json'],
    ['X-Tenant-ID', `acme's "lab" $HOME \`x\` \\ ! & ; | * ? ~ # ( ) < > { } [ ] %`],
  ],
  body: JSON.stringify({ text: 'it\'s $(rm -rf /) `id` "quoted"\nnext line', stream: false }),
  stream: false,
};

describe('shellQuote', () => {
  it('bash reads back exactly the strings quoted, whatever they hold', () => {
    // One bash run for many samples: every shell-special character, quotes, newlines, non-ASCII.
    const samples = [
      ...fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 300, seed: 42 }),
      `'"$\`\\!&;|*?~#()<>{}[]% \t\n\r`,
    ].filter((text) => !text.includes('\0'));
    expect(curlArguments(`curl ${samples.map(shellQuote).join(' ')}`)).toEqual(samples);
  });
});

describe('toCurl', () => {
  it('passes every header and the body to curl unchanged, and fills the token from $ACCESS_TOKEN', () => {
    const args = curlArguments(toCurl(spec));
    expect(args).toEqual([
      '-sS',
      spec.url,
      '-H',
      'Authorization: Bearer token-123',
      '-H',
      'Content-Type: application/json',
      '-H',
      `X-Tenant-ID: ${spec.headers[2]?.[1] ?? ''}`,
      '--data-raw',
      spec.body,
    ]);
  });

  it('never writes a token down, adds -N for streams and -X for methods curl would not pick', () => {
    const command = toCurl({ ...spec, stream: true });
    expect(command).toContain('"Authorization: Bearer $ACCESS_TOKEN"');
    expect(curlArguments(command).slice(0, 2)).toEqual(['-sS', '-N']);
    expect(curlArguments(toCurl({ method: 'PUT', url: 'http://h/abort', headers: [], stream: false }))).toEqual([
      '-sS',
      '-X',
      'PUT',
      'http://h/abort',
    ]);
    expect(curlArguments(toCurl({ method: 'GET', url: 'http://h/x', headers: [], stream: false }))).toEqual([
      '-sS',
      'http://h/x',
    ]);
  });

  it('keeps a literal "$ACCESS_TOKEN" typed in another header literal', () => {
    const args = curlArguments(
      toCurl({ method: 'GET', url: 'http://h', headers: [['X-Note', 'Bearer $ACCESS_TOKEN']], stream: false }),
    );
    expect(args).toContain('X-Note: Bearer $ACCESS_TOKEN');
  });
});

describe('secret headers', () => {
  const secretSpec: RequestSpec = {
    method: 'GET',
    url: 'http://h/x',
    headers: [
      ['Authorization', 'Bearer $ACCESS_TOKEN'],
      ['X-Api-Key', '••••••'],
      ['X-Tenant-ID', 'acme'],
      ['X-Odd$`Name', '••••••'],
    ],
    secretHeaders: ['x-api-key', 'X-Odd$`Name'],
    stream: false,
  };

  it('reads a secret header from a shell variable named after it, never writing a value down', () => {
    const command = toCurl(secretSpec);
    expect(command).toContain('-H "X-Api-Key: $X_API_KEY"');
    expect(command).not.toContain('••••••');
    expect(commandVariables(secretSpec)).toEqual(['ACCESS_TOKEN', 'X_API_KEY', 'X_ODD_NAME']);
    // bash fills the variables in; a name with $ and ` in it stays literal.
    expect(curlArguments(command, 't', { X_API_KEY: 'k-1', X_ODD_NAME: 'it\'s "odd"' })).toEqual([
      '-sS',
      'http://h/x',
      '-H',
      'Authorization: Bearer t',
      '-H',
      'X-Api-Key: k-1',
      '-H',
      'X-Tenant-ID: acme',
      '-H',
      'X-Odd$`Name: it\'s "odd"',
    ]);
  });

  it('writes the values out only when given, as "Copy with secrets" does', () => {
    const command = toCurl(secretSpec, { 'X-Api-Key': "k'$(id)", 'X-Odd$`Name': 'v' });
    expect(commandVariables(secretSpec, { 'X-Api-Key': 'k', 'X-Odd$`Name': 'v' })).toEqual(['ACCESS_TOKEN']);
    expect(curlArguments(command, 't')).toContain("X-Api-Key: k'$(id)");
    expect(command).not.toContain('$X_API_KEY');
  });

  it('makes fetch code read secret values from variables it names', () => {
    const code = toFetch(secretSpec);
    expect(code).toContain('"X-Api-Key": X_API_KEY,');
    expect(code).toContain('and X_API_KEY, X_ODD_NAME to the secret header values');
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => unknown;
    expect(() => new AsyncFunction('ACCESS_TOKEN', 'X_API_KEY', 'X_ODD_NAME', code)).not.toThrow();
  });
});

describe('toFetch', () => {
  it('writes a fetch call reading the token from a variable, with the body as an object', () => {
    const code = toFetch(spec);
    expect(code).toContain('Authorization: `Bearer ${ACCESS_TOKEN}`');
    expect(code).toContain(`"X-Tenant-ID": ${JSON.stringify(spec.headers[2]?.[1])}`);
    expect(code).toContain('body: JSON.stringify({');
    expect(code).not.toContain('$ACCESS_TOKEN');
    // The generated code is valid JavaScript: it compiles as the body of an async function.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => unknown;
    expect(() => new AsyncFunction('ACCESS_TOKEN', code)).not.toThrow();
  });
});
