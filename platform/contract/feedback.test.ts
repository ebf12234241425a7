// Contract: POST/DELETE /v1/feedback set and clear the mark of one raw history item, as real servers do.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ids, platformWithAnalyst } from '../test-support';
import { ask, conversation, naive } from './conversations/conversation-support';

const { analyst } = platformWithAnalyst(1);

describe('feedback marks', () => {
  it('marks the item at the flat messageIndex, answers its id, and clears it again', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'rate me', conversation_id: id });
    const body = {
      conversationId: id,
      assistant_id: ids.general,
      request: 'rate me',
      response: 'x',
      messageIndex: 1,
      author: 'user',
      mark: 'wrong',
      comments: 'nope',
      type: 'answer',
    };
    const added = await analyst('/feedback', { body });
    expect(added.status).toBe(200);
    const { id: feedbackId } = (await added.json()) as { id: string };
    const marked = (await conversation(analyst, id)).history[1]?.['userMark'] as Record<string, unknown>;
    expect(marked).toEqual({
      mark: 'wrong',
      rating: null,
      comments: 'nope',
      date: expect.stringMatching(naive),
      type: 'answer',
      feedback_id: feedbackId,
    });

    const removed = await analyst('/feedback', {
      method: 'DELETE',
      body: { conversationId: id, feedbackId, messageIndex: 1, assistant_id: ids.general, author: 'user' },
    });
    expect(await removed.json()).toEqual({ message: 'Specified feedback entry removed' });
    expect((await conversation(analyst, id)).history[1]?.['userMark']).toBeNull();
  });

  it('snake_case conversation_id is a missing field (422); an unknown conversation or index → 500', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'rate me', conversation_id: id });
    const base = { assistant_id: ids.general, request: 'q', response: 'a', author: 'user', mark: 'correct' };
    expect((await analyst('/feedback', { body: { ...base, conversation_id: id, messageIndex: 1 } })).status).toBe(422);
    expect(
      (await analyst('/feedback', { body: { ...base, conversationId: randomUUID(), messageIndex: 1 } })).status,
    ).toBe(500);
    expect((await analyst('/feedback', { body: { ...base, conversationId: id, messageIndex: 9 } })).status).toBe(500);
  });
});
