import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl, toFetch, type RequestSpec } from './curl';

/** Runs the command in bash with `curl` replaced by a function that prints its arguments, NUL-separated. */
function curlArguments(command: string, token = 'token-123'): string[] {
  const output = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    env: { PATH: process.env['PATH'] ?? '', ACCESS_TOKEN: token },
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
