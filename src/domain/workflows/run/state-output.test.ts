import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyOutput, looksLikeMarkdown, reindentJson } from './state-output';

describe('classifyOutput', () => {
  it('pretty-prints an object or an array', () => {
    expect(classifyOutput(' {"a":1,"b":[true,null,{}],"c":{"d":"x"}} ')).toEqual({
      kind: 'json',
      text: '{\n  "a": 1,\n  "b": [\n    true,\n    null,\n    {}\n  ],\n  "c": {\n    "d": "x"\n  }\n}',
    });
    expect(classifyOutput('[]')).toEqual({ kind: 'json', text: '[]' });
  });

  it('keeps numbers, escapes and key order exactly as the server wrote them', () => {
    const raw = '{"id":12345678901234567890,"2":"b","1":"a","t":"\\u00e9 \\"q\\" {[,:]}"}';
    expect(classifyOutput(raw).text).toBe(
      '{\n  "id": 12345678901234567890,\n  "2": "b",\n  "1": "a",\n  "t": "\\u00e9 \\"q\\" {[,:]}"\n}',
    );
  });

  it('treats a bare JSON string, number or literal as text', () => {
    for (const output of ['"hello"', '42', 'true', 'null']) expect(classifyOutput(output).kind).toBe('text');
  });

  it('falls back when something only looks like JSON', () => {
    const link = '[link](https://example.com) and more';
    expect(classifyOutput(link)).toEqual({ kind: 'markdown', text: link });
    expect(classifyOutput('{name} was not found')).toEqual({ kind: 'text', text: '{name} was not found' });
  });

  it('recognises markdown by its markers', () => {
    const samples = [
      '# Summary\nAll good',
      'Intro\n\n- one\n- two',
      '1. first\n2. second',
      'Use `npm ci` here',
      'This is **important**',
      '> quoted',
      '```ts\nconst a = 1;\n```',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ];
    for (const sample of samples) expect(classifyOutput(sample).kind, sample).toBe('markdown');
  });

  it('leaves plain prose as text, hyphens and asterisks included', () => {
    for (const sample of [
      'Total - 5 items',
      'Done.',
      'rate 5*3 = 15',
      '#hashtag without space',
      '',
      'Line one\nLine two',
    ]) {
      expect(looksLikeMarkdown(sample), sample).toBe(false);
      expect(classifyOutput(sample)).toEqual({ kind: 'text', text: sample });
    }
  });
});

describe('reindentJson', () => {
  const containers = fc.oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()));

  it('matches JSON.stringify(…, 2) on what JSON.stringify wrote (property)', () => {
    fc.assert(
      fc.property(containers, (value) => {
        const compact = JSON.stringify(value);
        expect(reindentJson(compact)).toBe(JSON.stringify(JSON.parse(compact), null, 2));
      }),
    );
  });

  it('means the same value whatever whitespace it was given with (property)', () => {
    fc.assert(
      fc.property(containers, fc.constantFrom(' ', '\n', '\t', '\r\n  '), (value, space) => {
        const loose = JSON.stringify(value, null, space === ' ' ? 3 : space);
        expect(JSON.parse(reindentJson(loose))).toEqual(JSON.parse(loose));
      }),
    );
  });
});
