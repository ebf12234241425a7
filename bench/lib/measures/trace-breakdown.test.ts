import { describe, expect, it } from 'vitest';
import { breakdown, markAt, type TraceEvent } from './trace-breakdown';

const main = { pid: 1, tid: 10 };
const worker = { pid: 1, tid: 11 };
const x = (name: string, ts: number, dur: number, at = main, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  ...at,
  ...(url ? { args: { data: { url } } } : {}),
});
const meta = (at: { pid: number; tid: number }, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  ...at,
  args: { name },
});

describe('breakdown', () => {
  const events: TraceEvent[] = [
    meta(main, 'CrRendererMain'),
    meta(worker, 'DedicatedWorker thread'),
    // A 60 ms task: a call of the chat chunk (40 ms, of which a 10 ms garbage collection), then style and paint.
    x('RunTask', 1000, 60_000),
    x('FunctionCall', 1000, 40_000, main, 'http://localhost:4280/assets/chat-page-Bx3k9a1Q.js'),
    x('MajorGC', 5000, 6000),
    x('Major concurrent marking rescheduled', 11_000, 4000),
    x('UpdateLayoutTree', 41_000, 8000),
    x('Paint', 49_000, 11_000),
    // A short task later; and the worker's work, which is not the main thread's.
    x('RunTask', 100_000, 5000),
    x('HitTest', 100_000, 2000),
    x('FunctionCall', 0, 90_000, worker),
    { name: 'bench:answer-end', ph: 'R', ts: 90_000, pid: 1, tid: 10 },
  ];

  it("sums the main thread's self time by kind, by event and by the script file called, with its long tasks", () => {
    const result = breakdown(events);
    expect(result?.busyMs).toBe(65);
    expect(result?.kinds).toEqual([
      { name: 'script', ms: 30 },
      { name: 'paint and commit', ms: 11 },
      { name: 'garbage collection', ms: 10 },
      { name: 'style', ms: 8 },
      { name: 'task time no event names', ms: 4 },
      { name: 'hit testing (hover, pointer)', ms: 2 },
    ]);
    expect(result?.scripts).toEqual([{ name: 'chat-page.js', ms: 30 }]);
    expect(result?.longTasks).toEqual([
      {
        ms: 60,
        events: [
          { name: 'FunctionCall', ms: 30 },
          { name: 'Paint', ms: 11 },
          { name: 'UpdateLayoutTree', ms: 8 },
        ],
      },
    ]);
  });

  it('keeps to a window: a task starting after its end is not counted', () => {
    const result = breakdown(events, undefined, markAt(events, 'bench:answer-end'));
    expect(result?.busyMs).toBe(60);
    expect(result?.windowMs).toBe(89);
  });

  it("counts an event crossing the window's end up to it, and its children past the end not at all", () => {
    const result = breakdown(events, undefined, 45_000);
    expect(result?.busyMs).toBe(44);
    expect(result?.kinds).toEqual([
      { name: 'script', ms: 30 },
      { name: 'garbage collection', ms: 10 },
      { name: 'style', ms: 4 },
    ]);
  });

  it('tells messages and loading apart from script, and credits script only to script files', () => {
    const result = breakdown([
      meta(main, 'CrRendererMain'),
      x('RunTask', 0, 10_000),
      x('Receive mojo message', 0, 10_000),
      x('ResourceSendRequest', 1000, 1000, main, 'http://localhost:8280/code-assistant-api/v2/ask'),
      x('FunctionCall', 3000, 6000, main, 'http://localhost:4280/assets/react-C1iE8mnY.js'),
    ]);
    expect(result?.kinds).toEqual([
      { name: 'script', ms: 6 },
      { name: 'other (messages, loading, the rest)', ms: 4 },
    ]);
    expect(result?.scripts).toEqual([{ name: 'react.js', ms: 6 }]);
  });

  it('finds nothing without a renderer main thread', () => {
    expect(breakdown([x('RunTask', 0, 10)].map((event) => ({ ...event, tid: 99 })))).toBeNull();
  });
});
