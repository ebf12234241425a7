import { describe, expect, it } from 'vitest';
import { emptyAnswer, type Answer } from '@/domain/answer/answer';
import { applyAnswerUpdate } from '@/domain/answer/answer-update';
import { wireThought } from '@/test/wire-thought';
import { createChunkFolder } from './chunk-folder';

describe('the chunk folder', () => {
  it('folds thoughts whose ids name what every object inherits, with their arrival times', () => {
    const folder = createChunkFolder(emptyAnswer);
    folder.chunk({ thought: wireThought('child', { parent_id: 'constructor' }) }, 1);
    folder.chunk({ thought: wireThought('__proto__', { parent_id: 'toString' }) }, 2);
    folder.chunk({ thought: wireThought('constructor', { message: 'parent' }) }, 3);
    const taken = folder.take(10);
    expect(folder.broken).toBe(false);
    expect(taken.serverError).toBeUndefined();
    expect(taken.update.thoughts?.map((thought) => thought.id)).toEqual(['child', '__proto__', 'constructor']);
    expect(Object.keys(taken.update.arrivals ?? {}).sort()).toEqual(['__proto__', 'child', 'constructor']);
    expect(Object.getPrototypeOf(taken.update.arrivals ?? {})).toBeNull();
  });

  it('a batch it cannot fold ends its stream with an error that says so, rather than throwing', () => {
    // An answer the fold cannot take (a thought tree without its lists), as a fold bug would meet a chunk.
    const broken = { ...emptyAnswer, thoughts: { roots: 5, waiting: null } } as unknown as Answer;
    const folder = createChunkFolder(broken);
    folder.chunk({ generatedChunk: 'Hello', last: true }, 1);
    folder.chunk({ thought: wireThought('a') }, 2);
    const taken = folder.take(10);
    expect(folder.broken).toBe(true);
    expect(taken.last).toBeUndefined();
    expect(taken.update).toEqual({ text: '' });
    expect(taken.serverError).toMatchObject({ code: 'unreadable_chunk', source: 'unreadable-chunk' });
    expect(taken.serverError?.message).toMatch(/could not read a chunk of this answer \(TypeError: .*\) and stopped/);
  });

  it('masks a secret value the chunks only assemble (a key streamed token by token), on the page’s copy too', () => {
    const key = 'sk-live-4242abcd';
    const folder = createChunkFolder(emptyAnswer, [key]);
    let page: Answer = emptyAnswer;
    folder.chunk({ generatedChunk: 'Your key is sk-li' }, 1);
    page = applyAnswerUpdate(page, folder.take(2).update);
    expect(page.text).toBe('Your key is sk-li');
    folder.chunk({ generatedChunk: 've-4242' }, 3);
    folder.chunk({ generatedChunk: 'abcd, keep it.' }, 4);
    const taken = folder.take(5);
    expect(taken.update.replaced).toBe(true);
    page = applyAnswerUpdate(page, taken.update);
    expect(page.text).toBe('Your key is ••••••, keep it.');
    folder.chunk({ generatedChunk: ' Bye.' }, 6);
    const after = folder.take(7);
    expect(after.update).toMatchObject({ text: ' Bye.' });
    expect(after.update.replaced).toBeUndefined();
    expect(applyAnswerUpdate(page, after.update).text).toBe('Your key is ••••••, keep it. Bye.');
  });

  it('leaves the update as it is when no secret is assembled', () => {
    const folder = createChunkFolder(emptyAnswer, ['sk-live-4242abcd']);
    folder.chunk({ generatedChunk: 'Hello' }, 1);
    expect(folder.take(2).update).toMatchObject({ text: 'Hello' });
  });
});
