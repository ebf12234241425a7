import { describe, expect, it } from 'vitest';
import {
  batchFingerprint,
  batchProblems,
  guessInputColumn,
  guessTagsColumn,
  inputsFromCsv,
  inputsFromLines,
} from './batch-draft';

describe('guessInputColumn', () => {
  it('finds the inputs column by its usual names, else takes the first', () => {
    expect(guessInputColumn(['id', 'User Input', 'tags'])).toBe(1);
    expect(guessInputColumn(['id', 'Prompt'])).toBe(1);
    expect(guessInputColumn(['question', 'input'])).toBe(1);
    expect(guessInputColumn(['a', 'b'])).toBe(0);
    expect(guessInputColumn([])).toBe(0);
  });
});

describe('guessTagsColumn', () => {
  it('finds a column of tags by its name ("tag" as well as "tags"), never the input column, else none', () => {
    expect(guessTagsColumn(['input', 'tag'], 0)).toBe(1);
    expect(guessTagsColumn(['id', 'Tags ', 'prompt'], 2)).toBe(1);
    expect(guessTagsColumn(['Labels', 'input'], 1)).toBe(0);
    expect(guessTagsColumn(['tag'], 0)).toBe(-1);
    expect(guessTagsColumn(['input', 'notes'], 0)).toBe(-1);
  });
});

describe('batchFingerprint', () => {
  const inputs = [{ input: 'first', tags: ['a'] }, { input: 'second' }];

  it('is the same for the same inputs and tags, and differs when an input, a row’s tags or a common tag changes', () => {
    const key = batchFingerprint(inputs, ['x']);
    expect(
      batchFingerprint(
        [
          { input: 'first', tags: ['a'] },
          { input: 'second', tags: [] },
        ],
        ['x'],
      ),
    ).toBe(key);
    expect(batchFingerprint([{ input: 'first', tags: ['a'] }, { input: 'second.' }], ['x'])).not.toBe(key);
    expect(batchFingerprint([{ input: 'first', tags: ['b'] }, { input: 'second' }], ['x'])).not.toBe(key);
    expect(batchFingerprint(inputs, [])).not.toBe(key);
    expect(batchFingerprint([...inputs].reverse(), ['x'])).not.toBe(key);
  });
});

describe('inputsFromCsv', () => {
  const csv = {
    header: ['id', 'input', 'tags'],
    rows: [
      ['1', 'first', 'a, b'],
      ['2', '  ', 'x'],
      ['3', 'third', ''],
      ['4', 'fourth', `ok, ${'t'.repeat(65)}`],
    ],
  };

  it('takes the input column, skips blank inputs, and reads a tags column like the tag field', () => {
    const result = inputsFromCsv(csv, { input: 1, tags: 2 });
    expect(result.inputs).toEqual([
      { input: 'first', tags: ['a', 'b'] },
      { input: 'third', tags: [] },
      { input: 'fourth', tags: ['ok'] },
    ]);
    expect(result.problems).toEqual([`Row 5: Tag “${'t'.repeat(23)}…” is 65 characters; tags are at most 64.`]);
  });

  it('reads inputs alone when no tags column is chosen, and asks for a real column', () => {
    expect(inputsFromCsv(csv, { input: 0 }).inputs).toEqual([
      { input: '1' },
      { input: '2' },
      { input: '3' },
      { input: '4' },
    ]);
    expect(inputsFromCsv(csv, { input: 3 })).toEqual({
      inputs: [],
      problems: ['Choose the column that holds the inputs.'],
    });
  });

  it('gives pasted lines as inputs', () => {
    expect(inputsFromLines('a\n\n b ')).toEqual([{ input: 'a' }, { input: 'b' }]);
  });
});

describe('batchProblems', () => {
  const draft = { inputs: [{ input: 'a' }, { input: 'b', tags: ['row'] }], commonTags: ['batch'], sessionId: '' };

  it('has nothing to say about a normal batch', () => {
    expect(batchProblems(draft)).toEqual([]);
  });

  it('asks for inputs and limits the batch size', () => {
    expect(batchProblems({ ...draft, inputs: [] })).toEqual(['Nothing to run: add at least one input.']);
    const inputs = Array.from({ length: 1001 }, () => ({ input: 'x' }));
    expect(batchProblems({ ...draft, inputs })).toEqual(['1,001 inputs; a batch runs at most 1,000.']);
  });

  it('checks each row as its own launch, naming it', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `t${index}`);
    const problems = batchProblems({
      ...draft,
      inputs: [{ input: 'ok' }, { input: 'x'.repeat(100_001) }, { input: 'y', tags: twenty }],
    });
    expect(problems).toEqual([
      'Input 2: The input is 100,001 characters; at most 100,000.',
      'Input 3: 21 tags; at most 20.',
    ]);
  });

  it('reports common tag and session problems once, not per row', () => {
    const problems = batchProblems({ ...draft, commonTags: ['x'.repeat(65)], sessionId: 'a b' });
    expect(problems).toEqual([
      `Common tags: Tag “${'x'.repeat(23)}…” is 65 characters; tags are at most 64.`,
      'A session ID has no spaces (one at position 2); use - or _ instead.',
    ]);
  });

  it('lists at most ten row problems', () => {
    const problems = batchProblems({
      ...draft,
      inputs: Array.from({ length: 14 }, () => ({ input: 'x'.repeat(100_001) })),
    });
    expect(problems).toHaveLength(11);
    expect(problems.at(-1)).toBe('…and 4 more.');
  });
});
