import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretMatcher } from '@/domain/headers/secret-forms';
import { secretMask } from '@/domain/headers/secrets';
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

  it('masks a secret value a thought’s streamed pieces only assemble, in the folder’s answer and on the page', () => {
    const key = 'tt_live/4242abcd';
    const folder = createChunkFolder(emptyAnswer, [key]);
    let page: Answer = emptyAnswer;
    const step = (at: number, ...messages: [string, string][]) => {
      for (const [id, message] of messages) folder.chunk({ thought: wireThought(id, { message }) }, at);
      page = applyAnswerUpdate(page, folder.take(at + 1).update);
    };
    step(1, ['agent', 'The tool said tt_'], ['other', 'nothing here']);
    expect(page.thoughts.roots[0]?.message).toBe('The tool said tt_');
    // The value ends in one piece, and the thought grows on after it in the same batch, between other thoughts'.
    step(3, ['agent', 'live/42'], ['other', '.'], ['agent', '42abcd'], ['other', '.'], ['agent', ' and more']);
    expect(page.thoughts.roots.map((node) => node.message)).toEqual([
      'The tool said •••••• and more',
      'nothing here..',
    ]);
    step(5, ['agent', '.']);
    expect(page.thoughts.roots[0]?.message).toBe('The tool said •••••• and more.');
    // A child streamed below it, before its parent is known, is masked too.
    step(7, ['late', 'x']);
    folder.chunk({ thought: wireThought('child', { parent_id: 'nobody', message: 'tt_live' }) }, 8);
    folder.chunk({ thought: wireThought('child', { parent_id: 'nobody', message: '%2F4242abcd' }) }, 8);
    page = applyAnswerUpdate(page, folder.take(9).update);
    expect(JSON.stringify(page.thoughts)).not.toContain('4242abcd');
    expect(page.thoughts.waiting['nobody']?.[0]?.message).toBe('••••••');
  });

  it('however the answer and a thought are cut into pieces and batches, the page ends with both masked', () => {
    const key = 'sk-live_4242/abcd';
    const matcher = secretMatcher([key]);
    const text = `Your key is ${key}, keep it. Again: ${key}.`;
    const cuts = fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 });
    fc.assert(
      fc.property(cuts, fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }), (at, takes) => {
        const points = [0, ...[...at].sort((a, b) => a - b), text.length];
        const folder = createChunkFolder(emptyAnswer, [key]);
        let page: Answer = emptyAnswer;
        points.slice(1).forEach((end, index) => {
          const piece = text.slice(points[index], end);
          folder.chunk({ generatedChunk: piece }, index);
          folder.chunk({ thought: wireThought('agent', { message: piece }) }, index);
          if (takes[index] || end === text.length) page = applyAnswerUpdate(page, folder.take(index).update);
        });
        expect(page.text).toBe(matcher.scrub(text, secretMask));
        expect(page.thoughts.roots[0]?.message).toBe(matcher.scrub(text, secretMask));
      }),
    );
  });

  it('leaves the update as it is when no secret is assembled', () => {
    const folder = createChunkFolder(emptyAnswer, ['sk-live-4242abcd']);
    folder.chunk({ generatedChunk: 'Hello' }, 1);
    expect(folder.take(2).update).toMatchObject({ text: 'Hello' });
  });
});
