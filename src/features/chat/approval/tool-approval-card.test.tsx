import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ToolCallDecision } from '@/api/stream/assistant-stream';
import type { DecisionOptions } from '@/features/chat/runtime/chat-runtime-contract';
import { ToolApprovalCard } from './tool-approval-card';

// The approval card on its own: one decision per card whatever the person does twice (a double click, Enter held
// down, Enter then a click), "Allow … for the rest of this chat" only where the chat may loosen its policy, and Deny
// with an optional reason.

const call = { thoughtId: 'tool-1', toolName: 'Delete Records', args: '{"table":"customers"}' };

function card(canAllowAlways = true) {
  const decided = vi.fn<(action: ToolCallDecision, options: DecisionOptions) => void>();
  render(
    <ToolApprovalCard
      call={call}
      assistantName="Records Keeper"
      focusOnShow={false}
      canAllowAlways={canAllowAlways}
      onDecide={decided}
    />,
  );
  return decided;
}

describe('the tool approval card', () => {
  it('sends one Allow for a double click, and locks every button while it goes', async () => {
    const user = userEvent.setup();
    const decided = card();
    await user.dblClick(screen.getByRole('button', { name: 'Allow' }));
    expect(decided).toHaveBeenCalledTimes(1);
    expect(decided).toHaveBeenCalledWith('allow', {});
    expect(screen.getByRole('button', { name: 'Allowing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deny…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Allow Delete Records for the rest of this chat' })).toBeDisabled();
  });

  it('sends one Allow for Enter pressed twice on it', async () => {
    const user = userEvent.setup();
    const decided = card();
    screen.getByRole('button', { name: 'Allow' }).focus();
    await user.keyboard('{Enter}{Enter}');
    await user.keyboard(' ');
    expect(decided).toHaveBeenCalledTimes(1);
  });

  it('offers Allow for the rest of this chat only where the chat may loosen its policy, and says so once chosen', async () => {
    const user = userEvent.setup();
    const decided = card();
    await user.dblClick(screen.getByRole('button', { name: 'Allow Delete Records for the rest of this chat' }));
    expect(decided).toHaveBeenCalledTimes(1);
    expect(decided).toHaveBeenCalledWith('allow', { always: true });
    expect(screen.getAllByRole('button', { name: 'Allowing…' })).toHaveLength(1);
  });

  it('has no standing choice where an assistant of the chat forbids overrides (its Manual floor wins)', () => {
    card(false);
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /for the rest of this chat/ })).toBeNull();
  });

  it('Deny… asks why (optional): Enter denies once with the reason trimmed, a second Enter or click sends nothing', async () => {
    const user = userEvent.setup();
    const decided = card();
    await user.click(screen.getByRole('button', { name: 'Deny…' }));
    const reason = screen.getByLabelText(/Why deny Delete Records\?/);
    expect(reason).toHaveFocus();
    await user.type(reason, '  use the staging copy ');
    expect(screen.getByRole('button', { name: 'Deny and send reason' })).toBeEnabled();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Denying…' }));
    expect(decided).toHaveBeenCalledTimes(1);
    expect(decided).toHaveBeenCalledWith('deny', { reason: 'use the staging copy' });
    expect(reason).toBeDisabled();
  });

  it('Deny with no reason sends a plain deny; Shift+Enter is a new line, Escape goes back to Deny…', async () => {
    const user = userEvent.setup();
    const decided = card();
    await user.click(screen.getByRole('button', { name: 'Deny…' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText(/Why deny/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Deny…' })).toHaveFocus();
    expect(decided).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Deny…' }));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(decided).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Why deny/)).toHaveValue('\n');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(decided).toHaveBeenCalledTimes(1);
    expect(decided).toHaveBeenCalledWith('deny', {});
  });
});
