import { describe, expect, it } from 'vitest';
import { executionBody, fileNameProblem, launchLimits, launchProblems, type LaunchForm } from './execution-request';

// notes.txt as a real server encodes an upload's URL.
const notesUrl = 'MTB+dGV4dC9wbGFpbjM2fjBiNmY3ZDJlLTFjM2EtNGY1ZS05YThiLTdjNmQ1ZTRmM2EyYjl+bm90ZXMudHh0';
const form = (change: Partial<LaunchForm> = {}): LaunchForm => ({
  userInput: '',
  tags: [],
  sessionId: '',
  fileName: '',
  ...change,
});

describe('executionBody', () => {
  it('sends nothing for an untouched form: every field is optional on the server', () => {
    expect(executionBody(form())).toEqual({});
    expect(Object.keys(executionBody(form({ userInput: ' \n ', sessionId: '  ', fileName: '\t' })))).toEqual([]);
  });

  it('sends the input as typed, trims ids and names, and copies the tags', () => {
    const tags = ['prod', 'eval'];
    const body = executionBody(
      form({ userInput: '  indented: yes\n', tags, sessionId: ' s-1 ', fileName: ` ${notesUrl} ` }),
    );
    expect(body).toEqual({
      user_input: '  indented: yes\n',
      tags: ['prod', 'eval'],
      session_id: 's-1',
      file_names: [notesUrl],
    });
    expect(body.tags).not.toBe(tags);
  });

  it('leaves out empty tags lists', () => {
    expect('tags' in executionBody(form({ userInput: 'x' }))).toBe(false);
  });
});

describe('launchProblems', () => {
  it('has nothing to say about a plain form', () => {
    expect(launchProblems(form({ userInput: 'Summarize', tags: ['a'], sessionId: 's', fileName: notesUrl }))).toEqual(
      [],
    );
  });

  it('names the field and says what is wrong, one problem per field', () => {
    const problems = launchProblems(
      form({
        userInput: 'x'.repeat(launchLimits.userInput + 1),
        tags: ['x'.repeat(65)],
        sessionId: 'my session',
        fileName: 'docs/a.txt',
      }),
    );
    expect(problems).toEqual([
      { field: 'userInput', message: 'The input is 100,001 characters; at most 100,000.' },
      { field: 'tags', message: `Tag “${'x'.repeat(23)}…” is 65 characters; tags are at most 64.` },
      { field: 'sessionId', message: 'A session ID has no spaces (one at position 3); use - or _ instead.' },
      {
        field: 'fileName',
        message:
          '“docs/a.txt” is not the URL of an uploaded file. Attach the file (it is uploaded first), or paste the file URL an upload returned.',
      },
    ]);
  });

  it('accepts an input exactly at the limit and judges ids after trimming', () => {
    expect(launchProblems(form({ userInput: 'x'.repeat(launchLimits.userInput), sessionId: '  s-1  ' }))).toEqual([]);
    expect(launchProblems(form({ sessionId: 's'.repeat(201) }))[0]?.message).toBe(
      'The session ID is 201 characters; at most 200.',
    );
  });

  it('checks tag lists that did not come through the chip field', () => {
    const tags = Array.from({ length: 21 }, (_, index) => `t${index}`);
    expect(launchProblems(form({ tags }))).toEqual([{ field: 'tags', message: '21 tags; at most 20.' }]);
  });
});

describe('fileNameProblem', () => {
  it('refuses a plain file name, which a real server would take for a file URL and fail the run', () => {
    expect(fileNameProblem('report.pdf')).toBe(
      '“report.pdf” is not the URL of an uploaded file. Attach the file (it is uploaded first), or paste the file URL an upload returned.',
    );
    expect(fileNameProblem('x'.repeat(70))).toContain(`“${'x'.repeat(60)}…”`);
  });

  it('accepts nothing at all, or the URL of an uploaded file', () => {
    expect(fileNameProblem('')).toBeNull();
    expect(fileNameProblem(notesUrl)).toBeNull();
  });
});
