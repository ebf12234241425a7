import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPointer, getAt, parsePointer, removeAt, resolvePointer, setAt } from './pointer';

describe('JSON pointer', () => {
  it('reads RFC 6901 examples, escapes included', () => {
    const doc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'm~n': 8, ' ': 7 };
    expect(getAt(doc, '')).toBe(doc);
    expect(getAt(doc, '/')).toBe(doc);
    expect(getAt(doc, '/foo/0')).toBe('bar');
    expect(getAt(doc, '/a~1b')).toBe(1);
    expect(getAt(doc, '/m~0n')).toBe(8);
    expect(getAt(doc, '/ ')).toBe(7);
    expect(getAt(doc, '/foo/01')).toBeUndefined();
    expect(getAt(doc, '/nope/deeper')).toBeUndefined();
    expect(parsePointer('/~01')).toEqual(['~1']);
  });

  it('sets without mutating, creating objects on the way, and never touches a prototype', () => {
    const doc = { a: { b: 1 }, list: [1, 2] };
    const next = setAt(doc, '/a/c/d', 'x');
    expect(next).toEqual({ a: { b: 1, c: { d: 'x' } }, list: [1, 2] });
    expect(doc).toEqual({ a: { b: 1 }, list: [1, 2] });
    expect(setAt(doc, '/list/-', 3)).toEqual({ a: { b: 1 }, list: [1, 2, 3] });
    expect(setAt(doc, '/', { z: 1 })).toEqual({ z: 1 });
    const polluted = setAt({}, '/__proto__/x', 1);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(getAt(polluted, '/__proto__/x')).toBe(1);
    expect(removeAt({ a: 1, b: 2 }, '/a')).toEqual({ b: 2 });
    // An array keeps its length (the protocol's removal): the item becomes undefined.
    expect(removeAt({ a: [1, 2, 3] }, '/a/1')).toEqual({ a: [1, undefined, 3] });
    expect(removeAt({ a: [1] }, '/a/7')).toEqual({ a: [1] });
  });

  it('refuses an array index past the end, which would build a huge sparse array', () => {
    const doc = { list: [1, 2] };
    expect(setAt(doc, '/list/2', 3)).toEqual({ list: [1, 2, 3] });
    expect(setAt(doc, '/list/4294967294', 'x')).toBe(doc);
    expect(setAt(doc, '/list/3/deeper', 'x')).toBe(doc);
    expect(setAt([[0]], '/0/9', 'x')).toEqual([[0]]);
  });

  it('resolves relative paths against a scope', () => {
    expect(resolvePointer('name', '/items/2')).toBe('/items/2/name');
    expect(resolvePointer('/abs', '/items/2')).toBe('/abs');
    expect(resolvePointer('name', '/')).toBe('/name');
  });

  it('round-trips any tokens through format and parse, and any value through set and get', () => {
    // One empty token ("/") is the whole model in A2UI, unlike RFC 6901: tokens here are never empty.
    const token = fc.string({ unit: fc.constantFrom('a', '/', '~', '0', '1', ' ', 'é'), minLength: 1 });
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 5 }), fc.jsonValue(), (tokens, value) => {
        const pointer = formatPointer(tokens);
        expect(parsePointer(pointer)).toEqual(tokens);
        // Tokens that look like indices still address object keys here, since the path is built from {}.
        expect(getAt(setAt({}, pointer, value), pointer)).toEqual(value);
      }),
    );
  });
});
