import { describe, expect, it } from 'vitest';
import { executionBody, fileNameProblem, launchLimits, launchProblems, type LaunchForm } from './execution-request';

const form = (change: Partial<LaunchForm> = {}): LaunchForm => ({ userInput: '', tags: [], sessionId: '', fileName: '', ...change });

describe('executionBody', () => {
  it('sends nothing for an untouched form: every field is optional on the server', () => {
    expect(executionBody(form())).toEqual({});
    expect(Object.keys(executionBody(form({ userInput: ' \n ', sessionId: '  ', fileName: '\t' })))).toEqual([]);
  });

  it('sends the input as typed, trims ids and names, and copies the tags', () => {
    const tags = ['prod', 'eval'];
    const body = executionBody(form({ userInput: '  indented: yes\n', tags, sessionId: ' s-1 ', fileName: ' report.pdf ' }));
    expect(body).toEqual({ user_input: '  indented: yes\n', tags: ['prod', 'eval'], session_id: 's-1', file_name: 'report.pdf' });
    expect(body.tags).not.toBe(tags);
  });

  it('leaves out empty tags lists', () => {
    expect('tags' in executionBody(form({ userInput: 'x' }))).toBe(false);
  });
});

describe('launchProblems', () => {
  it('has nothing to say about a plain form', () => {
    expect(launchProblems(form({ userInput: 'Summarize', tags: ['a'], sessionId: 's', fileName: 'a.txt' }))).toEqual([]);
  });

  it('names the field and says what is wrong, one problem per field', () => {
    const problems = launchProblems(
      form({ userInput: 'x'.repeat(launchLimits.userInput + 1), tags: ['x'.repeat(65)], sessionId: 'my session', fileName: 'docs/a.txt' }),
    );
    expect(problems).toEqual([
      { field: 'userInput', message: 'The input is 100,001 characters; at most 100,000.' },
      { field: 'tags', message: `Tag “${'x'.repeat(23)}…” is 65 characters; tags are at most 64.` },
      { field: 'sessionId', message: 'A session ID has no spaces (one at position 3); use - or _ instead.' },
      { field: 'fileName', message: 'Give the file name without folders (“/” at position 5).' },
    ]);
  });

  it('accepts an input exactly at the limit and judges ids after trimming', () => {
    expect(launchProblems(form({ userInput: 'x'.repeat(launchLimits.userInput), sessionId: '  s-1  ' }))).toEqual([]);
    expect(launchProblems(form({ sessionId: 's'.repeat(201) }))[0]?.message).toBe('The session ID is 201 characters; at most 200.');
  });

  it('checks tag lists that did not come through the chip field', () => {
    const tags = Array.from({ length: 21 }, (_, index) => `t${index}`);
    expect(launchProblems(form({ tags }))).toEqual([{ field: 'tags', message: '21 tags; at most 20.' }]);
  });
});

describe('fileNameProblem', () => {
  it('refuses folders, dot names, control characters and over-long names', () => {
    expect(fileNameProblem('C:\\data\\a.csv')).toBe('Give the file name without folders (“\\” at position 3).');
    expect(fileNameProblem('..')).toBe('“..” is not a file name.');
    expect(fileNameProblem('a\nb.txt')).toBe('The file name has a control character (U+000A).');
    expect(fileNameProblem('f'.repeat(256))).toBe('The file name is 256 characters; at most 255.');
  });

  it('accepts ordinary names, with spaces and non-Latin letters', () => {
    for (const name of ['', 'report 2026.pdf', 'отчёт.docx', '.env', 'a..b']) expect(fileNameProblem(name)).toBeNull();
  });
});
