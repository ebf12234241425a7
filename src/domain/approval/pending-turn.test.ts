import { describe, expect, it } from 'vitest';
import { storedThoughtTree } from '@/domain/conversations/server/server-history';
import { turnFixture } from '@/test/conversation-turns';
import { withPendingCall } from './pending-turn';

const pending = {
  pending_tool_call_id: 'call_abc',
  tool_name: 'delete_records',
  display_name: 'Delete Records',
  tool_args: { table: 'customers', ids: [1, 2] },
  history_index: 1,
};

describe('the approval card after a reload', () => {
  it('comes back on the latest version at the pending index, even when the stored thought lost its flag', () => {
    const thoughts = storedThoughtTree([
      { id: 't1', author_name: 'Delete Records', author_type: 'Tool', input_text: '{}', in_progress: false },
    ]);
    const answer = { ...turnFixture('x', null, 0).answer, text: '', thoughts };
    const turns = [
      turnFixture('first', null, 1),
      turnFixture('old', 'first', 2, { answer }),
      turnFixture('new', 'first', 3, { answer }),
    ];
    const shown = withPendingCall(turns, pending);
    expect(shown.map((turn) => turn.status)).toEqual(['completed', 'completed', 'waiting']);
    expect(shown[2]?.answer.pausedToolCall).toEqual({
      thoughtId: 't1',
      toolName: 'Delete Records',
      args: '{"table":"customers","ids":[1,2]}',
    });
  });

  it('changes nothing when nothing is pending, or while the turn is still being answered here', () => {
    const turns = [turnFixture('first', null, 1), turnFixture('second', 'first', 2, { status: 'streaming' })];
    expect(withPendingCall(turns, null)).toEqual(turns);
    expect(withPendingCall(turns, pending)).toEqual(turns);
  });
});
