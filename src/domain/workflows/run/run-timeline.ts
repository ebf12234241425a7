import { canonicalStatus, isTerminal } from './execution-status';
import type { LiveState } from './live-run';

// One timeline of a run's states from its two sources: the stream (immediate, this tab only) and the server's
// states list (polled, so behind the stream, but the record after a reload). The same state is one entry.

/** A state as the server's follow-up lists it (structurally, so the domain needs nothing from api/). */
export interface ServerState {
  id: string;
  name: string;
  status: string;
  started_at?: string | undefined;
  completed_at?: string | undefined;
}

export interface TimelineEntry {
  key: string;
  /** The server's state id: its output is read by it. Absent for a state only the stream named. */
  id?: string;
  name: string;
  status: string;
  startedAt?: string;
  completedAt?: string;
  /** Output the stream carried with the state, when it did. */
  output?: string;
  /** The run is paused here until a person resumes it. */
  waiting: boolean;
}

// A polled list can predate the stream's news: a state it still has running may have ended since.
function newerStatus(server: string, streamed: string | undefined): string {
  if (streamed === undefined) return server;
  return !isTerminal(server) && isTerminal(streamed) ? streamed : server;
}

function matchLive(server: ServerState, live: readonly LiveState[], taken: ReadonlySet<string>): LiveState | undefined {
  const free = live.filter((state) => !taken.has(state.key));
  // A stream that sent no id is matched by name: the first free state so called.
  return (
    free.find((state) => state.id === server.id) ??
    free.find((state) => state.id === undefined && state.name === server.name)
  );
}

function fromServer(server: ServerState, live: LiveState | undefined): Omit<TimelineEntry, 'waiting'> {
  const entry: Omit<TimelineEntry, 'waiting'> = {
    key: server.id,
    id: server.id,
    name: server.name,
    status: newerStatus(server.status, live?.status),
  };
  const startedAt = server.started_at ?? live?.startedAt;
  if (startedAt) entry.startedAt = startedAt;
  const completedAt = server.completed_at ?? live?.completedAt;
  if (completedAt) entry.completedAt = completedAt;
  if (live?.output !== undefined) entry.output = live.output;
  return entry;
}

function fromStream(live: LiveState): Omit<TimelineEntry, 'waiting'> {
  const entry: Omit<TimelineEntry, 'waiting'> = { key: live.key, name: live.name, status: live.status };
  if (live.id) entry.id = live.id;
  if (live.startedAt) entry.startedAt = live.startedAt;
  if (live.completedAt) entry.completedAt = live.completedAt;
  if (live.output !== undefined) entry.output = live.output;
  return entry;
}

/**
 * The server's states in their order, each merged with the stream's news of it, then the states only the stream
 * has told of yet. The last entry, when Interrupted, is where the run waits for a person, unless the run has
 * since ended otherwise (aborted while paused): then the state it waited before, which never ran, goes.
 */
export function runTimeline(
  server: readonly ServerState[],
  live: readonly LiveState[],
  overallStatus: string,
): TimelineEntry[] {
  const paused = !isTerminal(overallStatus) || canonicalStatus(overallStatus) === 'Interrupted';
  const taken = new Set<string>();
  const entries = server.map((state) => {
    const match = matchLive(state, live, taken);
    if (match) taken.add(match.key);
    return fromServer(state, match);
  });
  const onlyStreamed = live.filter(
    (state) =>
      !taken.has(state.key) && (paused || state.id !== undefined || canonicalStatus(state.status) !== 'Interrupted'),
  );
  entries.push(...onlyStreamed.map(fromStream));
  const last = entries.length - 1;
  return entries.map((entry, index) => ({
    ...entry,
    waiting: paused && index === last && canonicalStatus(entry.status) === 'Interrupted',
  }));
}

/** The entry whose live text is showing: the latest one still running. */
export function runningEntry(entries: readonly TimelineEntry[]): TimelineEntry | undefined {
  return entries.findLast((entry) => canonicalStatus(entry.status) === 'In Progress');
}
