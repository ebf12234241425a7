import { describe, expect, it } from 'vitest';
import { joinServerHistory } from '@/domain/conversations/server/server-join';
import { serverConversationSchema } from './conversation-schemas';

const conversation = (assistant: Record<string, unknown>) =>
  serverConversationSchema.parse({
    id: 'c1',
    history: [
      { role: 'User', message: 'Write', historyIndex: 0, date: '2026-11-25T10:00:00' },
      { role: 'Assistant', message: 'word-1', historyIndex: 0, date: '2026-11-25T10:00:01', ...assistant },
    ],
  });
const context = { conversationId: 'c1', assistantNames: {}, defaultAssistantId: 'a1', fallbackTime: 0 };

describe('a current server’s history items', () => {
  it('read a turn still being generated in either casing as running, never as interrupted', () => {
    for (const flag of [{ in_progress: true }, { inProgress: true }]) {
      const [turn] = joinServerHistory(conversation({ ...flag, status: 'success' }).history, context, []);
      expect(turn?.status).toBe('streaming');
    }
  });

  it('read an aborted turn as stopped, and a finished one as completed', () => {
    expect(
      joinServerHistory(conversation({ in_progress: false, status: 'interrupted' }).history, context, [])[0]?.status,
    ).toBe('stopped');
    expect(
      joinServerHistory(conversation({ inProgress: false, status: 'success' }).history, context, [])[0]?.status,
    ).toBe('completed');
  });

  it('read A2UI keys in either casing', () => {
    const parsed = conversation({ a2ui_envelopes: [{ version: 'v0.9.1' }] });
    expect(parsed.history[1]?.a2uiEnvelopes).toEqual([{ version: 'v0.9.1' }]);
  });
});

describe('a conversation read from the server', () => {
  it('says its model on the turns read from it, so a follow-up asks for that model by name', () => {
    const [turn] = joinServerHistory(
      conversation({ status: 'success' }).history,
      { ...context, model: 'gpt-4.1-mini' },
      [],
    );
    expect(turn?.model).toBe('gpt-4.1-mini');
  });
});
