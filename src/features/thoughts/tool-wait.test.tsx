import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyThought, emptyThoughtTree, type ThoughtNode } from '@/domain/thoughts/thought-tree';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { wireThought } from '@/test/wire-thought';
import { isToolCall, ToolWait } from './tool-wait';

describe('the running tool’s wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts the seconds of silence from a few seconds in, and keeps counting when the row mounts again', () => {
    const built = servicesForTest({ start: false });
    const first = renderWithServices(<ToolWait waitKey="turn-1:tool-1" />, { with: built });
    expect(first.container.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByText('waiting for the tool… 5 s')).toBeVisible();
    first.unmount();
    act(() => {
      vi.advanceTimersByTime(95_000);
    });
    const again = renderWithServices(<ToolWait waitKey="turn-1:tool-1" />, { with: built });
    expect(screen.getByText('waiting for the tool… 100 s')).toBeVisible();
    again.unmount();
    // Someone else signing in on this tab starts their own count.
    renderWithServices(<ToolWait waitKey="turn-1:tool-1" />);
    expect(screen.queryByText(/waiting for the tool/)).toBeNull();
  });

  it('is shown for tool calls, not for the LLM text streamed as a tool thought', () => {
    const node = (fields: Parameters<typeof wireThought>[1]): ThoughtNode => {
      const root = applyThought(emptyThoughtTree, wireThought('x', { author_type: 'Tool', ...fields })).roots[0];
      if (!root) throw new Error('no node');
      return root;
    };
    expect(isToolCall(node({ author_name: 'search', input_text: '{"q":1}' }))).toBe(true);
    expect(isToolCall(node({ author_name: 'Codemie Thoughts' }))).toBe(false);
    expect(isToolCall(node({ metadata: { replay_type: 'tool' } }))).toBe(true);
    expect(isToolCall(node({ author_type: 'Agent', input_text: '{}' }))).toBe(false);
  });
});
