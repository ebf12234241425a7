// The traces of a run (./traced.ts) in words, under the table: what the main thread did per screen update while the
// long answer streamed, the long tasks around its end, and a long conversation's cold load until usable.
import type { LongTaskAt } from './measures/stream-measure';
import type { Breakdown, Part } from './measures/trace-breakdown';
import { round } from './stats';

/** The chunks of the chat screen's JS, largest first (the build's: the same in every run), for the why of its row. */
export function chatJsSection(chunks: readonly { file: string; kb: number }[]): string {
  const named = chunks.map(
    (chunk) => `${chunk.file.replace(/^assets\//, '').replace(/-[\w-]{8}(\.js)$/, '$1')} ${round(chunk.kb, 1)} KB`,
  );
  return `## The chat screen's JS, chunk by chunk\n\nGzip, largest first (a chunk is named after one of its modules): ${named.join(', ')}.`;
}

export interface RunTraces {
  stream: {
    startKb: number;
    start: Breakdown | null;
    fromKb: number;
    streaming: Breakdown | null;
    updates: number;
    whole: Breakdown | null;
  } | null;
  load: { turns: number; breakdown: Breakdown | null } | null;
  /** The long tasks of each measured run of the long answer (ours), where each fell. */
  measured: readonly (readonly LongTaskAt[])[];
}

const ms = (value: number) => `${round(value, value >= 10 ? 0 : 1)} ms`;
const parts = (list: readonly Part[], per = 1, count = list.length) =>
  list
    .slice(0, count)
    .filter((part) => part.ms / per >= 0.05)
    .map((part) => `${part.name} ${ms(part.ms / per)}`)
    .join(', ');

function longTasks(trace: Breakdown): string {
  if (trace.longTasks.length === 0) return 'none over 50 ms.';
  return `${trace.longTasks.map((task) => `${ms(task.ms)} (${parts(task.events)})`).join('; ')}.`;
}

function measuredLongTasks(runs: RunTraces['measured']): string {
  const each = runs.map(
    (tasks, index) =>
      `run ${index + 1}: ${tasks.length === 0 ? 'none' : tasks.map((task) => `${task.kb} KB (${ms(task.ms)})`).join(', ')}`,
  );
  return `${each.join('; ')}.`;
}

export function traceSection({ stream, load, measured }: RunTraces): string {
  const lines = [
    '## What the main thread did: traces of this run',
    '',
    'Taken once after the measured runs, as the same scenarios again with Chromium tracing on (tracing costs the page ' +
      'some time: these figures run a little above the table). Self times: an event less the events inside it.',
  ];
  const streaming = stream?.streaming;
  if (stream && streaming && stream.updates > 0) {
    const per = stream.updates;
    lines.push(
      '',
      `- **While the long answer streams** (from ${stream.fromKb} KB to its end, the pointer resting on it): ` +
        `${per} screen updates in ${round(streaming.windowMs / 1000, 1)} s, the main thread busy ` +
        `${round((streaming.busyMs / streaming.windowMs) * 100, 0)} % of it, ${ms(streaming.busyMs / per)} per update: ` +
        `${parts(streaming.kinds, per)}. By event, per update: ${parts(streaming.events, per, 8)}. Script by the ` +
        `file called, per update: ${parts(streaming.scripts, per)}.`,
    );
  } else lines.push('', '- **While the long answer streams**: not traced (the trace gave no update).');
  if (measured.length > 0)
    lines.push(
      `- **Where the long tasks of the measured runs fell** (the size of the answer painted when each began): ` +
        measuredLongTasks(measured),
    );
  if (stream?.start)
    lines.push(
      `- **From the question to ${stream.startKb} KB of the answer** (its first paints, and what loads with them; ` +
        `${ms(stream.start.windowMs)}, the main thread busy ${ms(stream.start.busyMs)}): ${parts(stream.start.kinds)}. ` +
        `Long tasks: ${longTasks(stream.start)}`,
    );
  else if (stream) lines.push(`- **From the question to ${stream.startKb} KB of the answer**: not traced.`);
  if (stream?.whole)
    lines.push(`- **Long tasks from ${stream.fromKb} KB to 2 s after the end**: ${longTasks(stream.whole)}`);
  const loaded = load?.breakdown;
  if (load && loaded) {
    lines.push(
      `- **${load.turns.toLocaleString('en')} turns, a cold load until usable** (${ms(loaded.windowMs)}): the main ` +
        `thread busy ${ms(loaded.busyMs)}: ${parts(loaded.kinds)}. By event: ${parts(loaded.events, 1, 8)}. Script by ` +
        `the file called: ${parts(loaded.scripts)}. Long tasks: ${longTasks(loaded)}`,
    );
  } else if (load) lines.push(`- **${load.turns.toLocaleString('en')} turns, a cold load**: not traced.`);
  return lines.join('\n');
}
