// What a stored answer used: token counts and the money spent on them, as real servers keep them per history item.
import { describe, expect, it } from 'vitest';
import { ids, platformWithAnalyst } from '../test-support';
import { moneyFor } from './call-turn';

const { analyst } = platformWithAnalyst(1);

describe('usage on stored answers', () => {
  it('prices a call from its tokens, as the server counts them', () => {
    expect(moneyFor(1000, 1000)).toBe(0.0125);
    expect(moneyFor(0, 0)).toBe(0);
  });

  it('keeps inputTokens, outputTokens and moneySpent on the answer item', async () => {
    const conversationId = crypto.randomUUID();
    await analyst(`/assistants/${ids.general}/model`, {
      body: { text: 'What is SSE?', conversation_id: conversationId },
    });
    const stored = (await (await analyst(`/conversations/${conversationId}`)).json()) as {
      history: { role: string; inputTokens: number | null; outputTokens: number | null; moneySpent: number | null }[];
    };
    const answer = stored.history.find((item) => item.role === 'Assistant');
    expect(answer?.inputTokens).toBeGreaterThan(0);
    expect(answer?.outputTokens).toBeGreaterThan(0);
    expect(answer?.moneySpent).toBe(moneyFor(answer?.inputTokens ?? 0, answer?.outputTokens ?? 0));
    expect(answer?.moneySpent).toBeGreaterThan(0);
  });
});
