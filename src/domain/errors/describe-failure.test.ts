import { describe, expect, it } from 'vitest';
import { ApiError, isCatalogMissing, toApiError } from './api-error';
import { describeFailure, failureLine, failureMessage } from './describe-failure';

describe('one way to word a failure', () => {
  it('keeps an ApiError as it is, and makes anything else the console’s own', () => {
    const call = new ApiError({ kind: 'http', status: 503 });
    expect(toApiError(call)).toBe(call);
    expect(toApiError(new TypeError('x is undefined'))).toMatchObject({ kind: 'internal', details: 'x is undefined' });
    expect(toApiError('gone')).toMatchObject({ kind: 'internal', details: 'gone' });
  });

  it('names the kind of a storage failure with its words', () => {
    expect(describeFailure(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe(
      'QuotaExceededError: The quota has been exceeded.',
    );
    expect(describeFailure('closed')).toBe('closed');
  });

  it('words a call’s failure in one line with the server’s words and its request id', () => {
    const refused = new ApiError({ kind: 'http', status: 413, message: 'File too large', requestId: 'req-1' });
    expect(failureLine(refused, 'assistant')).toMatch(/ · File too large · Request ID: req-1$/);
    expect(failureLine(new Error('Network down'), 'workflow')).toBe('Network down');
  });

  it('takes a failure’s own words, whatever was thrown', () => {
    expect(failureMessage(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(failureMessage('closed')).toBe('closed');
  });

  it('tells a catalog the server lacks (the configured list stands in) from a catalog that failed', () => {
    expect(isCatalogMissing(new ApiError({ kind: 'http', status: 404 }))).toBe(true);
    expect(isCatalogMissing(new ApiError({ kind: 'http', status: 405 }))).toBe(true);
    expect(isCatalogMissing(new ApiError({ kind: 'not-json', status: 200 }))).toBe(true);
    expect(isCatalogMissing(new ApiError({ kind: 'not-api', status: 404 }))).toBe(false);
    expect(isCatalogMissing(new ApiError({ kind: 'http', status: 500 }))).toBe(false);
    expect(isCatalogMissing(new Error('offline'))).toBe(false);
  });
});
