import { describe, expect, it } from 'vitest';
import {
  conversationUsageText,
  coverageText,
  reportedUsage,
  tokenSplitText,
  totalUsage,
  usageOf,
  usageText,
} from './usage';

describe('usage as the server reported it', () => {
  it('a stored answer’s counts: tokens in and out, money spent; what is null stays absent', () => {
    expect(reportedUsage({ inputTokens: 980, outputTokens: 254, moneySpent: 0.0021 })).toEqual({
      inputTokens: 980,
      outputTokens: 254,
      cost: 0.0021,
    });
    expect(reportedUsage({ inputTokens: null, outputTokens: null, moneySpent: null })).toBeUndefined();
    expect(reportedUsage({ inputTokens: 12 })).toEqual({ inputTokens: 12 });
  });

  it('one answer: split counts win over tokensUsed; seconds from timeElapsed; nothing reported, nothing invented', () => {
    expect(usageOf({ usage: { inputTokens: 980, outputTokens: 254, cost: 0.0021 }, timeElapsed: 3.2 })).toEqual({
      tokens: 1234,
      inputTokens: 980,
      outputTokens: 254,
      cost: 0.0021,
      seconds: 3.2,
    });
    // The JSON mode's fields: tokensUsed is null on real servers (no tokens then), a number where one is sent.
    expect(usageOf({ tokensUsed: null, timeElapsed: 1.5 })).toEqual({ seconds: 1.5 });
    expect(usageOf({ tokensUsed: 42 })).toEqual({ tokens: 42 });
    expect(usageOf({})).toEqual({});
    expect(usageText(usageOf({}))).toBe('');
  });

  it('reads as one line: "1,234 tokens · $0.0021 · 3.2 s"', () => {
    const usage = usageOf({ usage: { inputTokens: 980, outputTokens: 254, cost: 0.0021 }, timeElapsed: 3.2 });
    expect(usageText(usage)).toBe('1,234 tokens · $0.0021 · 3.2 s');
    expect(tokenSplitText(usage)).toBe('980 in · 254 out');
    expect(usageText({ seconds: 125 })).toBe('2 min 05 s');
    expect(usageText({ cost: 0 })).toBe('$0.0000'); // a reported zero is the server's word, shown as such
  });

  it('a conversation’s total sums each figure over the answers that reported it, and says when that is not all', () => {
    const total = totalUsage([
      { tokens: 1000, cost: 0.01, seconds: 2 },
      { seconds: 1.5 },
      { tokens: 234, cost: 0.0021, seconds: 0.5 },
    ]);
    expect(total).toMatchObject({ tokens: 1234, seconds: 4, answers: 3, withTokens: 2, withCost: 2, withSeconds: 3 });
    expect(total.cost).toBeCloseTo(0.0121, 10);
    expect(coverageText(total)).toBe('tokens for 2 of 3 answers; cost for 2 of 3 answers');
    const none = totalUsage([{}, {}]);
    expect(none.tokens).toBeUndefined();
    expect(none.cost).toBeUndefined();
    expect(usageText(none)).toBe('');
    expect(coverageText(none)).toBe('');
    expect(coverageText(totalUsage([{ seconds: 1 }]))).toBe('');
  });
});

describe('the conversation usage line', () => {
  it('names what it counts, and says which versions it leaves out', () => {
    const total = totalUsage([{ seconds: 2.5 }, { seconds: 2.6 }]);
    expect(conversationUsageText(total, 0)).toBe('This chat so far: 2 answers · 5.1 s of answering');
    const priced = totalUsage([{ tokens: 1234, cost: 0.0021, seconds: 3.2 }]);
    expect(conversationUsageText(priced, 2)).toBe(
      'This chat so far: 1 answer · 1,234 tokens · $0.0021 · 3.2 s of answering (2 other versions not counted)',
    );
  });

  it('is empty when no answer reported anything', () => {
    expect(conversationUsageText(totalUsage([{}, {}]), 1)).toBe('');
    expect(conversationUsageText(totalUsage([]), 0)).toBe('');
  });
});
