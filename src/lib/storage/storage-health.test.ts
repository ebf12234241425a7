import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleDatabase } from './db';
import { isQuotaError, reportWrite, useStorageHealth } from './storage-health';

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

afterEach(() => useStorageHealth.getState().dismissed());

describe('telling a full quota from other failures', () => {
  it('knows the browser’s error, Dexie’s own and Dexie’s wrapped ones', () => {
    expect(isQuotaError(quotaError())).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', quotaError()))).toBe(true);
    expect(isQuotaError(new Error('aborted', { cause: quotaError() }))).toBe(true);
    expect(isQuotaError({ name: 'BulkError', failures: [new Error('x'), quotaError()] })).toBe(true);
    expect(isQuotaError({ name: 'BulkError', failures: { 3: quotaError() } })).toBe(true);
  });

  it('does not call every failure a full disk', () => {
    expect(isQuotaError(new DOMException('gone', 'InvalidStateError'))).toBe(false);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('the storage problem shown by the shell', () => {
  it('records a failed write with what it was, and passes the failure on', async () => {
    await expect(reportWrite('the draft', Promise.reject(quotaError()))).rejects.toThrow('quota');
    expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'quota', what: 'the draft', count: 1 });
    await expect(reportWrite('a conversation turn', Promise.resolve(7))).resolves.toBe(7);
    expect(useStorageHealth.getState().problem?.count).toBe(1);
  });

  it('keeps saying "full" when an odd failure follows a quota one, and forgets on dismiss', async () => {
    await reportWrite('the draft', Promise.reject(quotaError())).catch(() => undefined);
    await reportWrite('a conversation', Promise.reject(new Error('odd'))).catch(() => undefined);
    expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'quota', what: 'a conversation', count: 2 });
    useStorageHealth.getState().dismissed();
    expect(useStorageHealth.getState().problem).toBeNull();
    await reportWrite('a run', Promise.reject(new Error('odd'))).catch(() => undefined);
    expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'failed', detail: 'Error: odd' });
  });

  it('sees a quota failure as Dexie reports it from a real (fake) IndexedDB write', async () => {
    const db = new ConsoleDatabase('storage-health-test');
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw quotaError();
    };
    try {
      const write = db.drafts.put({ owner: 'alice', conversationId: '', text: 'hello', updatedAt: 1 });
      await expect(reportWrite('the draft', write)).rejects.toBeTruthy();
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(useStorageHealth.getState().problem?.kind).toBe('quota');
    expect(await db.drafts.count()).toBe(0);
  });
});
