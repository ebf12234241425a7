import { describe, expect, it } from 'vitest';
import { feedbackMessageIndex, type StoredItem } from './message-index';

const pair = (historyIndex: number, answer: string): StoredItem[] => [
  { role: 'User', historyIndex, message: `question ${historyIndex}` },
  { role: 'Assistant', historyIndex, message: answer },
];

describe('the flat index of an answer in the stored history', () => {
  it('counts every item of the raw array, versions appended at the end', () => {
    // Turn 0, turn 1, then a regenerated turn 0: the array is not sorted by index.
    const history = [...pair(0, 'first'), ...pair(1, 'second'), ...pair(0, 'first again')];
    expect(feedbackMessageIndex(history, 0, 0, 'first')).toBe(1);
    expect(feedbackMessageIndex(history, 1, 0, 'second')).toBe(3);
    expect(feedbackMessageIndex(history, 0, 1, 'first again')).toBe(5);
  });

  it('finds a version by its text, by its position when texts repeat, and says when there is none', () => {
    const history = [...pair(0, 'same'), ...pair(0, 'same'), ...pair(0, 'other')];
    expect(feedbackMessageIndex(history, 0, 5, 'other')).toBe(5);
    expect(feedbackMessageIndex(history, 0, 1, 'same')).toBe(3);
    expect(feedbackMessageIndex(history, 0, 0, 'never stored')).toBe(1);
    expect(feedbackMessageIndex(history, 4, 0, 'same')).toBeUndefined();
  });
});
