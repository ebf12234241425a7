import { describe, expect, it } from 'vitest';
import { ApiError, readErrorBody } from '@/domain/errors/api-error';
import { chooseAgainMessage, fileRefusalOf, runFilesProblem } from './run-files';

const url = (owner: string, name: string) => btoa(`10~text/plain${owner.length}~${owner}${name.length}~${name}`);
const http = (status: number, body: unknown) => new ApiError({ kind: 'http', status, ...readErrorBody(body) });

describe('files checked at a run’s start', () => {
  it('names the file the server refused and keeps its reason and help', () => {
    const files = [url('me', 'mine.txt'), url('them', 'theirs.txt')];
    const refusal = fileRefusalOf(
      http(400, {
        error: {
          message: 'File "theirs.txt" cannot be used by you',
          details: '"theirs.txt" was uploaded by someone else.',
          help: 'Choose the file again.',
        },
      }),
      files,
    );
    expect(refusal).toEqual({
      name: 'theirs.txt',
      reason:
        'File "theirs.txt" cannot be used by you. "theirs.txt" was uploaded by someone else. Choose the file again.',
    });
    expect(chooseAgainMessage(refusal ?? { name: '', reason: '' })).toMatch(/^Choose “theirs\.txt” again: /);
  });

  it('takes the first file when the server names none; other 400s and runs without files are not about files', () => {
    const files = [url('me', 'a.txt')];
    expect(fileRefusalOf(http(400, { error: { message: 'File not readable' } }), files)?.name).toBe('a.txt');
    expect(fileRefusalOf(http(400, { error: { message: 'Bad input' } }), files)).toBeNull();
    expect(fileRefusalOf(http(500, { error: { message: 'File store down' } }), files)).toBeNull();
    expect(fileRefusalOf(http(400, { error: { message: 'File missing' } }), [])).toBeNull();
  });

  it('refuses more than 20 files before sending', () => {
    expect(runFilesProblem(Array.from({ length: 20 }, () => 'x'))).toBeNull();
    expect(runFilesProblem(Array.from({ length: 21 }, () => 'x'))).toBe(
      'A run takes at most 20 files; 21 were chosen. Remove 1, then start it.',
    );
  });
});
