import { execFileSync } from 'node:child_process';
import { createContext, runInContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistantChatNode, assistantChatPython } from './assistant-sdk-call';
import { toCurl, toFetch } from './curl';
import { jsString, jsonSource, pyString, shellString } from './literals';
import { workflowRunNode, workflowRunPython } from './sdk-call';

// Every kind of character that breaks or hides in a line, with the ones each language quotes specially.
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\r', '\n', '\u2028', '\u2029', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009f', '\b', '\f'),
    fc.constantFrom("'", '"', '\\', '$', '`', '!', '{', '}', '#', ' '),
    fc.string({ unit: 'binary', maxLength: 3 }),
  ),
  maxLength: 24,
});

// One context for every literal evaluated: a new one per literal costs milliseconds each.
const sandbox = createContext({});
const evaluate = (source: string): unknown => runInContext(source, sandbox);

/** What no literal may hold as it is: line breaks, separators, other control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\r]/;

describe('the string literals of copied commands and snippets', () => {
  it('JavaScript: holds no line break or control character, and means exactly the value', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        const literal = jsString(text);
        expect(literal).not.toMatch(raw);
        expect(literal).not.toContain('\n');
        expect(evaluate(literal)).toBe(text);
      }),
      { numRuns: 2_000, seed: 41 },
    );
  });

  it('Python and JSON: hold no line break or control character, and mean exactly the value', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        for (const literal of [pyString(text), jsonSource(text), jsonSource({ text }, 2)]) {
          expect(literal).not.toMatch(raw);
          expect(evaluate(`(${literal})`)).toEqual(JSON.parse(literal));
        }
        expect(JSON.parse(pyString(text))).toBe(text);
        expect(pyString(text).split('\n')).toHaveLength(1);
      }),
      { numRuns: 1_000, seed: 42 },
    );
  });

  it('bash: holds no line break or control character, and bash reads back exactly the value', () => {
    const samples = fc.sample(tricky, { numRuns: 300, seed: 43 }).filter((text) => !text.includes('\0'));
    samples.push('line one\r\nline two', 'a\u2028b\u2029c');
    for (const text of samples) expect(shellString(text)).not.toMatch(/[\r\n\u2028\u2029]/);
    const printed = execFileSync(
      'bash',
      ['--norc', '--noprofile', '-c', `printf '%s\\0' ${samples.map(shellString).join(' ')}`],
      {
        encoding: 'utf8',
      },
    );
    // Unpaired surrogates have no UTF-8 form: bash is given (and gives back) the replacement character.
    expect(printed.split('\0').slice(0, -1)).toEqual(samples.map((text) => Buffer.from(text, 'utf8').toString('utf8')));
  });

  it('every copy keeps its lines whatever the values hold (curl, fetch, Python, Node.js)', () => {
    const copies = (value: string): string[] => {
      const headers = [{ name: 'X-Note', value }];
      const spec = {
        method: 'POST',
        url: `https://api.example/v1/${value}`,
        headers: [['X-Note', value]] as const,
        body: JSON.stringify({ text: value }),
        stream: false,
      };
      const workflow = {
        apiBase: value,
        workflowId: value,
        userInput: value,
        tags: [value],
        propagateHeaders: true,
        headers,
      };
      const assistant = {
        apiBase: value,
        assistantId: value,
        text: value,
        conversationId: value,
        stream: true,
        propagateHeaders: false,
        headers,
      };
      return [
        toCurl(spec),
        toFetch(spec),
        toFetch({ ...spec, body: value }),
        workflowRunPython(workflow),
        workflowRunNode(workflow),
        assistantChatPython(assistant),
        assistantChatNode(assistant),
      ];
    };
    const plain = copies('plain').map((copy) => copy.split('\n').length);
    fc.assert(
      // Never empty: an empty value leaves its argument out, which changes the lines for a reason of its own.
      fc.property(tricky, (tail) => {
        const written = copies(`v${tail}`);
        written.forEach((copy, index) => {
          expect(copy, `copy ${index}`).not.toMatch(raw);
          expect(copy.split('\n'), `copy ${index}`).toHaveLength(plain[index] ?? 0);
        });
      }),
      { numRuns: 500, seed: 44 },
    );
  });
});
