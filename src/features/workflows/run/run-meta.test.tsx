import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Run } from '@/features/workflows/saved-runs/run';
import { RunMeta } from './run-meta';

const startedAt = Date.parse('2026-11-25T09:00:00Z');
const base: Run = {
  id: 'run-1',
  workflowId: 'w1',
  workflowName: 'Approval gate',
  userInput: '',
  tags: [],
  forwarded: { profileName: 'Default', propagate: false, headers: [], notSent: [] },
  executionId: 'e1',
  status: 'Succeeded',
  startedAt,
  endedAt: startedAt + 400,
};

async function renderMeta(run: Run) {
  const root = createRootRoute({ component: () => <RunMeta run={run} traceUrlTemplate={undefined} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  return screen.findByText('Started');
}

/** The value a fact of the run's list holds ("Started" → its `<dd>`). */
const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

describe('the run’s facts', () => {
  it('say how long a finished run took', async () => {
    await renderMeta(base);
    expect(fact('Started')).toHaveTextContent(/ · took 0\.4 s$/);
  });

  it('say a run paused for a person waits, since when, and how long it ran before: no "took"', async () => {
    await renderMeta({ ...base, status: 'Interrupted' });
    const started = fact('Started');
    expect(started).toHaveTextContent(
      `· waiting for you since ${new Date(startedAt + 400).toLocaleTimeString()} (ran 0.4 s before the pause)`,
    );
    expect(started).not.toHaveTextContent('took');
  });

  it('say a profile with no enabled headers sent none, not that forwarding was off', async () => {
    await renderMeta(base);
    expect(fact('Headers')).toHaveTextContent('Default · none sent: the profile has no enabled headers');
    expect(fact('Headers')).not.toHaveTextContent('forwarding off');
  });
});
