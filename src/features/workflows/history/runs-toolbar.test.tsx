import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Run } from '@/features/workflows/model/run';
import { RunsToolbar } from './runs-toolbar';

const run = (id: string): Run => ({
  id,
  workflowId: 'w1',
  workflowName: 'Tag echo',
  userInput: id,
  tags: [],
  forwarded: null,
  status: 'Succeeded',
  startedAt: 1,
});
const props = { targetLabel: '2 shown', deletable: true, picked: 0, onClearSelection: () => undefined };

describe('the runs toolbar’s delete', () => {
  // Its warning colour is a thing seen: runs-history.spec.ts compares the painted colours in a browser.
  it('is an offer that asks once, with the confirming button focused, before it deletes the runs it named', () => {
    const onDelete = vi.fn();
    render(<RunsToolbar {...props} target={[run('a'), run('b')]} onDelete={onDelete} />);
    const offer = screen.getByRole('button', { name: 'Delete 2 shown…' });
    fireEvent.click(offer);
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete 2 runs?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 shown…' }));
    const button = screen.getByRole('button', { name: 'Delete 2 runs' });
    expect(button).toHaveFocus();
    fireEvent.click(button);
    expect(onDelete).toHaveBeenCalledWith(['a', 'b']);
  });

  it('asks again when the runs it would delete change, and is not offered for the whole history', () => {
    const { rerender } = render(<RunsToolbar {...props} target={[run('a'), run('b')]} onDelete={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 shown…' }));
    rerender(<RunsToolbar {...props} targetLabel="1 shown" target={[run('a')]} onDelete={() => undefined} />);
    expect(screen.queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete 1 shown…' })).toBeInTheDocument();
    rerender(
      <RunsToolbar {...props} targetLabel="all" deletable={false} target={[run('a')]} onDelete={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
