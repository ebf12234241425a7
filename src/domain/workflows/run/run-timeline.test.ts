import { describe, expect, it } from 'vitest';
import type { LiveState } from './live-run';
import { runningEntry, runTimeline, type ServerState } from './run-timeline';

const served = (id: string, name: string, status: string, extra: Partial<ServerState> = {}): ServerState => ({
  id,
  name,
  status,
  started_at: 'T0',
  ...extra,
});
const streamed = (id: string | undefined, name: string, status: string, extra: Partial<LiveState> = {}): LiveState => ({
  key: id ?? `name:${name}`,
  ...(id ? { id } : {}),
  name,
  status,
  ...extra,
});

describe('runTimeline', () => {
  it('shows a state the stream finished before the server lists it', () => {
    const entries = runTimeline(
      [served('s1', 'Read input', 'In Progress')],
      [
        streamed('s1', 'Read input', 'Succeeded', { completedAt: 'T1' }),
        streamed('s2', 'Write summary', 'In Progress'),
      ],
      'In Progress',
    );
    expect(entries.map((entry) => [entry.name, entry.status])).toEqual([
      ['Read input', 'Succeeded'],
      ['Write summary', 'In Progress'],
    ]);
    expect(entries[0]).toMatchObject({ id: 's1', startedAt: 'T0', completedAt: 'T1' });
    expect(runningEntry(entries)?.name).toBe('Write summary');
  });

  it('keeps one entry per state once the server has caught up, in the server’s order and with its word', () => {
    const entries = runTimeline(
      [served('s1', 'Read input', 'Succeeded'), served('s2', 'Write summary', 'Failed')],
      [streamed('s2', 'Write summary', 'In Progress'), streamed('s1', 'Read input', 'Succeeded')],
      'Failed',
    );
    expect(entries.map((entry) => [entry.key, entry.status])).toEqual([
      ['s1', 'Succeeded'],
      ['s2', 'Failed'],
    ]);
    expect(runningEntry(entries)).toBeUndefined();
  });

  it('matches a stream state without an id by its name, once', () => {
    const entries = runTimeline(
      [served('s1', 'Loop', 'Succeeded'), served('s2', 'Loop', 'In Progress')],
      [streamed(undefined, 'Loop', 'Succeeded')],
      'In Progress',
    );
    expect(entries.map((entry) => entry.key)).toEqual(['s1', 's2']);
  });

  it('marks where a paused run waits: the state the stream named, or the server’s last Interrupted state after a reload', () => {
    const pause = [
      streamed('s1', 'Draft', 'Interrupted'),
      { key: 'paused:Publish', name: 'Publish', status: 'Interrupted' },
    ];
    // The stream's word stands while the server's status has not caught up.
    const live = runTimeline([served('s1', 'Draft', 'Succeeded')], pause, 'In Progress');
    expect(live.map((entry) => [entry.name, entry.waiting])).toEqual([
      ['Draft', false],
      ['Publish', true],
    ]);
    expect(
      runTimeline([served('s1', 'Draft', 'Interrupted')], pause, 'Interrupted').map((entry) => entry.waiting),
    ).toEqual([false, true]);
    const reloaded = runTimeline([served('s1', 'Draft', 'Interrupted')], [], 'Interrupted');
    expect(reloaded).toEqual([expect.objectContaining({ name: 'Draft', waiting: true })]);
    expect(runTimeline([served('s1', 'Draft', 'Succeeded')], [], 'Interrupted')[0]?.waiting).toBe(false);
  });

  it('waits no more once a paused run is aborted: the state it waited before never ran and goes', () => {
    const pause = [
      streamed('s1', 'Draft', 'Interrupted'),
      { key: 'paused:Publish', name: 'Publish', status: 'Interrupted' },
    ];
    const entries = runTimeline([served('s1', 'Draft', 'Aborted')], pause, 'Aborted');
    expect(entries.map((entry) => [entry.name, entry.status, entry.waiting])).toEqual([['Draft', 'Aborted', false]]);
  });

  it('is empty when neither source has a state yet', () => {
    expect(runTimeline([], [], 'Not Started')).toEqual([]);
  });
});
