import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunStatus, runTone } from './run-status';

describe('RunStatus', () => {
  it('shows the server’s status as a word in its tone; an execution paused for a person waits', () => {
    render(<RunStatus status="Interrupted" />);
    expect(screen.getByText('Waiting for you')).toBeInTheDocument();
    expect(['Interrupted', 'Starting', 'Start failed', 'Succeeded'].map(runTone)).toEqual([
      'waiting',
      'running',
      'error',
      'success',
    ]);
  });

  it('says a run is gone from the server instead of a status that will never change, keeping the last one', () => {
    render(<RunStatus status="In Progress" lost />);
    const badge = screen.getByText('Gone from the server');
    expect(badge.title).toBe('The server no longer has this execution. Last status known here: In progress');
    expect(screen.queryByText('In progress')).toBeNull();
  });
});
