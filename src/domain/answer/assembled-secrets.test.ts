import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretMatcher } from '@/domain/headers/secret-forms';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { wireThought } from '@/test/wire-thought';
import { foldChunk, emptyAnswer, type Answer } from './answer';
import { growthOf, maskAssembled } from './assembled-secrets';

const key = 'tt_live/4242+abcd';
const matcher = secretMatcher([key]);

/** Folds a batch, then masks what it assembled: as the stream worker and a run's live view do. */
function batch(answer: Answer, chunks: StreamChunk[]): Answer {
  const folded = chunks.reduce((next, chunk) => foldChunk(next, chunk).answer, answer);
  return maskAssembled(folded, growthOf(answer, folded, chunks), matcher).answer;
}

describe('secret values the streamed pieces assemble', () => {
  it('says how much a batch grew the text and each tree thought, and when the text was replaced', () => {
    const chunks: StreamChunk[] = [
      { generatedChunk: 'Hello' },
      { thought: wireThought('a', { message: 'abc' }) },
      { thought: wireThought('b', { message: 'x' }) },
      { thought: wireThought('a', { message: 'de' }) },
    ];
    const after = chunks.reduce((next, chunk) => foldChunk(next, chunk).answer, emptyAnswer);
    expect(growthOf(emptyAnswer, after, chunks)).toEqual({
      text: 5,
      thoughts: new Map([
        ['a', 5],
        ['b', 1],
      ]),
    });
    const replaced = foldChunk(after, { generated: 'Other', last: true }).answer;
    expect(growthOf(after, replaced, [{ generated: 'Other', last: true }]).text).toBe('all');
  });

  it('masks a value cut across the answer’s pieces and a thought’s, and says what it sent anew', () => {
    const before = batch(emptyAnswer, [
      { generatedChunk: 'Key: tt_li' },
      { thought: wireThought('agent', { message: 'Noted tt_live%2F42' }) },
    ]);
    expect(before.text).toBe('Key: tt_li');
    const chunks: StreamChunk[] = [
      { generatedChunk: 've/4242+abcd.' },
      { thought: wireThought('agent', { message: '42%2Babcd, fine.' }) },
    ];
    const folded = chunks.reduce((next, chunk) => foldChunk(next, chunk).answer, before);
    const masked = maskAssembled(folded, growthOf(before, folded, chunks), matcher);
    expect(masked.text).toBe('Key: ••••••.');
    expect(masked.thoughtMessages).toEqual([{ id: 'agent', message: 'Noted ••••••, fine.' }]);
    expect(masked.answer.text).toBe('Key: ••••••.');
    expect(masked.answer.thoughts.roots[0]?.message).toBe('Noted ••••••, fine.');
  });

  it('leaves the answer as it is (the same object) when the batch completed no value', () => {
    const answer = batch(emptyAnswer, [{ generatedChunk: 'tt_live/' }]);
    const chunks: StreamChunk[] = [{ generatedChunk: ' nothing else' }];
    const folded = foldChunk(answer, chunks[0] as StreamChunk).answer;
    expect(maskAssembled(folded, growthOf(answer, folded, chunks), matcher)).toEqual({ answer: folded });
    expect(maskAssembled(folded, growthOf(answer, folded, chunks), matcher).answer).toBe(folded);
  });

  it('however the pieces and batches are cut, no form of the value is left in the text or the thought', () => {
    const written = [key, encodeURIComponent(key), btoa(`leaky:${key}`), JSON.stringify(key).slice(1, -1)];
    const text = `a ${written.join(' b ')} c`;
    const cuts = fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 16 });
    fc.assert(
      fc.property(cuts, fc.array(fc.boolean(), { minLength: 17, maxLength: 17 }), (at, takes) => {
        const points = [0, ...[...at].sort((a, b) => a - b), text.length];
        let answer = emptyAnswer;
        let pending: StreamChunk[] = [];
        points.slice(1).forEach((end, index) => {
          const piece = text.slice(points[index], end);
          pending.push({ generatedChunk: piece }, { thought: wireThought('agent', { message: piece }) });
          if (takes[index] || end === text.length) {
            answer = batch(answer, pending);
            pending = [];
          }
        });
        expect(matcher.test(answer.text)).toBe(false);
        expect(matcher.test(answer.thoughts.roots[0]?.message ?? '')).toBe(false);
        // The words around the values stay (a base64 form's last characters may follow the mask: they carry a few
        // bits of the value's last byte, no form of it).
        expect(answer.text.startsWith('a ••••••')).toBe(true);
        expect(answer.text.endsWith('•••••• c')).toBe(true);
      }),
    );
  });
});
