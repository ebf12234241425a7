// Contract: a 2.42 server knows no tool-call approval (CURRENT-SERVERS.md §1 is newer): tools always run, the
// assistants and conversations have no policy keys, the policy on a call or a PUT is ignored, and the resume
// endpoint is an unknown route.
import { describe, expect, it } from 'vitest';
import { platformWithAnalyst } from '../test-support';
import { approvalIds, askStreamed, conversationOf, isPause, resumeCall } from './approval-support';

const { analyst } = platformWithAnalyst(1, { server: '2.42' });

describe('2.42 server', () => {
  it('runs the tool without pausing, whatever the policy sent, and stores no pending call', async () => {
    const asked = await askStreamed(analyst, approvalIds.recordsKeeper, 'Delete the inactive customers', {
      tool_call_policy: 'ask_for_approval',
    });
    expect(isPause(asked.last)).toBe(false);
    expect(asked.last.generated).toMatch(/^Deleted 3 records from customers/);
    expect(asked.last).not.toHaveProperty('tool_call_pending');
    const stored = await conversationOf(analyst, asked.conversationId);
    expect(stored).not.toHaveProperty('pending_tool_call');
    expect(stored).not.toHaveProperty('tool_call_policy');

    const ignored = await askStreamed(analyst, approvalIds.lockedAuditor, 'Audit the invoices', {
      tool_call_policy: 'not-a-policy',
    });
    expect(isPause(ignored.last)).toBe(false);
    const put = await analyst(`/conversations/${asked.conversationId}`, {
      method: 'PUT',
      body: { tool_call_policy: 'not-a-policy' },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).not.toHaveProperty('tool_call_policy');
  });

  it('has no tool_permissions on assistants and no resume route', async () => {
    const one = (await (await analyst(`/assistants/id/${approvalIds.recordsKeeper}`)).json()) as object;
    expect(one).not.toHaveProperty('tool_permissions');
    const list = (await (await analyst('/assistants?per_page=100')).json()) as { data: object[] };
    expect(list.data.some((item) => 'tool_permissions' in item)).toBe(false);
    const resume = await resumeCall(analyst, approvalIds.recordsKeeper, { conversation_id: 'x', action: 'allow' });
    expect(resume.status).toBe(404);
    expect(await resume.json()).toEqual({ detail: 'Not Found' });
  });
});
