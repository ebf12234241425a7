import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTags, duplicatesNote, mergeTags, removeTag, tagLimits, tagListProblem, tagProblem } from './tags';

const numbered = (count: number, prefix = 't') => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

describe('addTags', () => {
  it('splits a paste on commas, newlines and tabs, trims, and drops empty pieces', () => {
    expect(addTags(['prod'], ' eval , nightly\r\n\n,, team a\tq3 ')).toEqual({
      tags: ['prod', 'eval', 'nightly', 'team a', 'q3'],
      problems: [],
      rejected: [],
      duplicates: [],
    });
    expect(addTags([], ' , \n ').tags).toEqual([]);
  });

  it('keeps the spelling already there and reports duplicates apart from refusals', () => {
    const result = addTags(['Prod'], 'prod, PROD, eval, Eval');
    expect(result.tags).toEqual(['Prod', 'eval']);
    expect(result.problems).toEqual([]);
    expect(result.duplicates).toEqual(['prod', 'PROD', 'Eval']);
    expect(duplicatesNote(result.duplicates)).toBe('Already a tag: “prod”, “PROD”, “Eval”.');
    expect(duplicatesNote([])).toBeNull();
  });

  it('refuses an over-long tag, saying how long it is, and keeps it for fixing', () => {
    const long = 'a'.repeat(70);
    const result = addTags([], `ok, ${long}`);
    expect(result.tags).toEqual(['ok']);
    expect(result.problems).toEqual([`Tag “${'a'.repeat(23)}…” is 70 characters; tags are at most 64.`]);
    expect(result.rejected).toEqual([long]);
  });

  it('counts characters as people do: 64 emoji are a valid tag', () => {
    expect(addTags([], '😀'.repeat(tagLimits.length)).problems).toEqual([]);
    expect(addTags([], '😀'.repeat(tagLimits.length + 1)).problems[0]).toContain('is 65 characters');
  });

  it('stops at 20 tags and names the first one left out and how many more', () => {
    const result = addTags(numbered(18), 'a, b, x, y, z, w');
    expect(result.tags).toHaveLength(20);
    expect(result.tags.slice(-2)).toEqual(['a', 'b']);
    expect(result.problems).toEqual(['At most 20 tags; “x” and 3 more were not added.']);
    expect(result.rejected).toEqual(['x', 'y', 'z', 'w']);
    expect(addTags(numbered(20), 'last').problems).toEqual(['At most 20 tags; “last” was not added.']);
  });

  it('refuses control characters inside a tag', () => {
    expect(addTags([], 'bad\u0007bell').problems).toEqual([
      'Tag “bad\u0007bell” has a control character (U+0007); type it without.',
    ]);
  });

  it('never exceeds the limits and never holds two spellings of one tag (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 80 }), { maxLength: 25 }),
        fc.string({ maxLength: 400 }),
        (pieces, typed) => {
          const clean = pieces
            .map((piece) => piece.replace(/[,\n\r\t]/g, '').trim())
            .filter((piece) => piece && !tagProblem(piece));
          const start = mergeTags(clean).slice(0, 20);
          const { tags } = addTags(start, typed);
          expect(tags.length).toBeLessThanOrEqual(tagLimits.count);
          expect(tags.slice(0, start.length)).toEqual(start);
          expect(new Set(tags.map((tag) => tag.toLowerCase())).size).toBe(tags.length);
          for (const tag of tags) {
            expect(tagProblem(tag)).toBeNull();
            expect(tag).toBe(tag.trim());
            expect(tag).not.toBe('');
          }
        },
      ),
    );
  });
});

describe('removeTag', () => {
  it('removes the tag at the index and leaves the list alone otherwise', () => {
    const tags = ['a', 'b', 'c'];
    expect(removeTag(tags, 1)).toEqual(['a', 'c']);
    expect(removeTag(tags, 5)).toEqual(tags);
    expect(removeTag(tags, -1)).toEqual(tags);
    expect(tags).toEqual(['a', 'b', 'c']);
  });
});

describe('tag lists from elsewhere', () => {
  it('finds the first problem in a stored list', () => {
    expect(tagListProblem(['a', 'b'])).toBeNull();
    expect(tagListProblem(numbered(21))).toBe('21 tags; at most 20.');
    expect(tagListProblem(['a', ' '])).toBe('A tag is empty.');
    expect(tagListProblem(['a', 'x'.repeat(65)])).toContain('is 65 characters');
  });

  it('merges lists keeping the first spelling', () => {
    expect(mergeTags(['Batch', 'q3'], ['batch', 'row-1', 'Q3'])).toEqual(['Batch', 'q3', 'row-1']);
  });
});
