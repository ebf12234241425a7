// What the page's main thread did in a Chromium trace of the run (Tracing through Playwright): each trace event's
// self time (its time less its children's), summed by kind of work and by event, between two moments, and the
// long tasks with what filled them. The bench's "why" of a missed target rests on this trace of the same run.

/** One event of Chromium's trace format (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

export interface Part {
  name: string;
  ms: number;
}

export interface Breakdown {
  /** Wall time of the window, ms. */
  windowMs: number;
  /** Time inside the main thread's tasks, ms. */
  busyMs: number;
  /** By kind of work (script, garbage collection, style, layout, paint, …), largest first. */
  kinds: Part[];
  /** By trace event, largest first (the first ten). */
  events: Part[];
  /** Script's own time by the file of the function the browser called (hash left out), largest first (six). */
  scripts: Part[];
  /** Tasks over 50 ms: their length and the events that filled most of them. */
  longTasks: { ms: number; events: Part[] }[];
}

const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** Events that run script (V8's own, after garbage collection is told apart, included). */
const scriptNames =
  /^(FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|HandlePostMessage|FireIdleCallback|XHR\w*|BlinkScheduler_PerformMicrotaskCheckpoint|v8\.|V8\.)/;

const kindOf = (name: string): string => {
  if (/GC|Scaveng|MarkCompact|Sweep|Heap|marking|^(Major|Minor)\b/.test(name)) return 'garbage collection';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ParseAuthorStyleSheet') return 'style';
  if (name === 'Layout' || name.startsWith('IntersectionObserver') || name.startsWith('ResizeObserver'))
    return 'layout';
  if (/^(Paint|PrePaint|Layerize|Commit|UpdateLayer|PaintImage|Decode)/.test(name)) return 'paint and commit';
  if (name === 'HitTest') return 'hit testing (hover, pointer)';
  if (name === 'ParseHTML') return 'parsing HTML';
  if (taskNames.has(name)) return 'task time no event names';
  if (scriptNames.test(name)) return 'script';
  return 'other (messages, loading, the rest)';
};

/** The main thread of the renderer that did the most work (the page's; a worker runs on threads of its own). */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((event) => event.ph === 'M' && event.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; total: number } | null = null;
  for (const main of mains) {
    const total = events
      .filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid)
      .reduce((sum, event) => sum + (event.dur ?? 0), 0);
    if (!best || total > best.total) best = { pid: main.pid, tid: main.tid, total };
  }
  return best && { pid: best.pid, tid: best.tid };
}

const sorted = (parts: Map<string, number>): Part[] =>
  [...parts]
    .filter(([, us]) => us > 0)
    .map(([name, us]) => ({ name, ms: us / 1000 }))
    .sort((a, b) => b.ms - a.ms);

/** `chat-page-Bx3k9.js` → `chat-page.js`: the file a chunk was built from, not its build's hash. */
const fileOf = (url: string): string => {
  const file = url.slice(url.lastIndexOf('/') + 1).replace(/[?#].*$/, '');
  return file.replace(/-[\w-]{8}(\.m?js)$/, '$1') || url;
};

const add = (parts: Map<string, number>, name: string, us: number) => parts.set(name, (parts.get(name) ?? 0) + us);

/**
 * The main thread's work between `fromUs` and `toUs` (trace clock, µs; the first and last event when absent): events
 * that begin in the window, counted up to its end (one that began before it is left out, and its children inside it
 * count as tasks of their own). Complete events (ph X) only: Chromium writes the timeline's work as such, and a slice
 * still open when tracing stopped is not counted.
 */
export function breakdown(events: readonly TraceEvent[], fromUs?: number, toUs?: number): Breakdown | null {
  const main = mainThread(events);
  if (!main) return null;
  const own = events
    .filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const from = fromUs ?? own[0]?.ts ?? 0;
  const to = toUs ?? Math.max(from, ...own.map((event) => event.ts + (event.dur ?? 0)));
  const inWindow = own.filter((event) => event.ts >= from && event.ts < to);
  const kinds = new Map<string, number>();
  const names = new Map<string, number>();
  const scripts = new Map<string, number>();
  const longTasks: Breakdown['longTasks'] = [];
  let busyUs = 0;
  // Open events, innermost last, each with its self time so far and, for a task, what filled it.
  const stack: { event: TraceEvent; end: number; self: number; task: Map<string, number> | null }[] = [];
  const close = (open: (typeof stack)[number]) => {
    add(kinds, kindOf(open.event.name), open.self);
    add(names, open.event.name, open.self);
    // The file of the function called, for script that ran inside it (its own time and its script children's).
    const caller = [open, ...[...stack].reverse()].find(
      (outer) => kindOf(outer.event.name) === 'script' && outer.event.args?.data?.url,
    )?.event.args?.data?.url;
    if (caller && kindOf(open.event.name) === 'script') add(scripts, fileOf(caller), open.self);
    const task = [...stack].reverse().find((outer) => outer.task)?.task;
    if (task) add(task, open.event.name, open.self);
    if (open.task && (open.event.dur ?? 0) > 50_000) {
      add(open.task, open.event.name, open.self);
      longTasks.push({ ms: (open.event.dur ?? 0) / 1000, events: sorted(open.task).slice(0, 3) });
    }
  };
  for (const event of inWindow) {
    // Work past the window's end is not the window's: an event crossing it counts up to it.
    const end = Math.min(event.ts + (event.dur ?? 0), to);
    while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= event.ts) {
      const open = stack.pop();
      if (open) close(open);
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= Math.min(end, parent.end) - event.ts;
    else busyUs += end - event.ts;
    const isTask = taskNames.has(event.name) && !stack.some((open) => open.task);
    stack.push({ event, end, self: end - event.ts, task: isTask ? new Map() : null });
  }
  while (stack.length) {
    const open = stack.pop();
    if (open) close(open);
  }
  return {
    windowMs: (to - from) / 1000,
    busyMs: busyUs / 1000,
    kinds: sorted(kinds),
    events: sorted(names).slice(0, 10),
    scripts: sorted(scripts).slice(0, 6),
    longTasks: longTasks.sort((a, b) => b.ms - a.ms),
  };
}

/** The trace clock's time of the last user-timing mark of this name (performance.mark in the page), µs. */
export const markAt = (events: readonly TraceEvent[], name: string): number | undefined =>
  events.filter((event) => event.name === name && (event.ph === 'R' || event.ph === 'I' || event.ph === 'n')).at(-1)
    ?.ts;
