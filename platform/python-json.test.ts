import { describe, expect, it } from 'vitest';
import { pythonJsonDumps } from './python-json';

describe('pythonJsonDumps', () => {
  it('writes what Python json.dumps writes with its defaults', () => {
    // Expected text from CPython: json.dumps({"a": None, "b": [1, 2.5, True], "c": {"d": "x\"y"}, "e": "é😀\x7f"})
    const value = { a: null, b: [1, 2.5, true], c: { d: 'x"y' }, e: 'é😀\u007f' };
    expect(pythonJsonDumps(value)).toBe(
      '{"a": null, "b": [1, 2.5, true], "c": {"d": "x\\"y"}, "e": "\\u00e9\\ud83d\\ude00\\u007f"}',
    );
  });
});
