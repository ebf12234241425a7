import { describe, expect, it } from 'vitest';
import { turnFixture } from '@/test/conversation-turns';
import { conversationWaiting } from './conversation-waiting';

describe('what waits in a conversation', () => {
  it('is the newest waiting turn: a paused tool call, or a form', () => {
    const paused = turnFixture('b', 'a', 20, {
      status: 'waiting',
      assistantName: 'Records Keeper',
      answer: {
        ...turnFixture('b', 'a', 20).answer,
        pausedToolCall: { thoughtId: 't', toolName: 'Delete Records', args: '{}' },
      },
    });
    expect(conversationWaiting([turnFixture('a', null, 10), paused])).toEqual({
      kind: 'tool-call',
      what: 'Records Keeper wants to run Delete Records',
      since: 21,
    });
    const { endedAt: _ended, ...form } = turnFixture('c', 'a', 30, { status: 'waiting' });
    expect(conversationWaiting([paused, form])).toMatchObject({ kind: 'form', since: 30 });
    expect(conversationWaiting([turnFixture('a', null, 10)])).toBeUndefined();
  });
});
