import { describe, expect, it } from 'vitest';
import { createDraftSaver } from './draft-saver';

/** A repository whose writes finish when the test says so. */
function slowRepository() {
  const written: Array<[string, string]> = [];
  const pending: Array<() => void> = [];
  const saveDraft = (key: string, text: string) =>
    new Promise<void>((resolve) =>
      pending.push(() => {
        written.push([key, text]);
        resolve();
      }),
    );
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { written, saveDraft, finishOne };
}

describe('the draft saver', () => {
  it('writes one at a time, only the latest text of each draft, and settles once all are written', async () => {
    const repository = slowRepository();
    const saver = createDraftSaver(repository, () => undefined);
    saver.save('c1', 'h');
    saver.save('c1', 'he');
    saver.save('c1', 'hello');
    saver.save('c2', 'other');
    let settled = false;
    void saver.settled().then(() => (settled = true));
    await repository.finishOne();
    expect(settled).toBe(false);
    await repository.finishOne();
    await repository.finishOne();
    expect(repository.written).toEqual([
      ['c1', 'h'],
      ['c1', 'hello'],
      ['c2', 'other'],
    ]);
    expect(settled).toBe(true);
  });
});
