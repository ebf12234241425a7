// What the bench adds to every page before its own scripts run (context.addInitScript): frame and long-task
// counting, timing markers seen in the DOM with the moment they were painted, key → paint and click → settled
// paint times, and "usable" detection for long conversations. Serialized into the page: it may use nothing
// from its module. Times are performance.now() of the page unless named otherwise.

export interface MarkerSeen {
  /** Offset of the marker in the answer (characters). */
  offset: number;
  /** Server send time, ms since the epoch. */
  sent: number;
  /** When the frame showing it was painted, ms since the epoch. */
  painted: number;
  end: boolean;
}

export interface BenchProbe {
  markers: MarkerSeen[];
  /** Mutation batches (one per task that changed the DOM): the page's screen updates. */
  updates: number;
  /** Timestamps of animation frames. */
  frames: number[];
  longTasks: { start: number; duration: number }[];
  keyLatencies: number[];
  slowEvents: { name: string; start: number; duration: number }[];
  lastClick: number;
  /** Paint times after DOM changes. */
  mutationPaints: number[];
  checkpoints: number[];
  /** Set by a measurement: after each painted update, tell the driver (`__benchUpdate`) the updates so far. */
  perUpdate: boolean;
  usable: { at: number; articles: number; elements: number } | null;
  /** The updates so far when the answer's end marker was painted (also marked `bench:answer-end` for traces). */
  endUpdates: number | null;
  /** Clears what a measurement reads, before it starts. */
  reset(): void;
}

declare global {
  interface Window {
    __bench: BenchProbe;
    /** Exposed by the driver: called when a painted marker passes a checkpoint offset. */
    __benchCheckpoint?: (offset: number, updates: number) => Promise<void>;
    /** A CDP binding added by the driver: "<updates so far> <1 if the end marker was painted, else 0>". */
    __benchUpdate?: (payload: string) => void;
  }
}

export function installProbe(): void {
  const afterTask = (callback: () => void): void => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback();
    channel.port2.postMessage(0);
  };
  // Whether a frame is being produced now: set by the frame's first animation-frame callback, cleared by a
  // task, which runs only once that frame's rendering is done. A page that changes the DOM inside an
  // animation-frame callback (batching a stream per frame) shows the change in this very frame; one that
  // changes it in any other task shows it in the next.
  let inFrame = false;
  const nativeFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
    nativeFrame((time) => {
      if (!inFrame) {
        inFrame = true;
        afterTask(() => (inFrame = false));
      }
      callback(time);
    });
  // The task after the next frame: its rAF callback runs as that frame starts, the message task once it has
  // been produced. Key presses are measured this way (an input task may run before `inFrame` is cleared).
  const afterPaint = (callback: (paintedAt: number) => void): void => {
    requestAnimationFrame(() => afterTask(() => callback(performance.now())));
  };
  /** For a DOM change just made: painted with the frame being produced, or else with the next one. */
  const afterChangePainted = (callback: (paintedAt: number) => void): void => {
    if (inFrame) afterTask(() => callback(performance.now()));
    else afterPaint(callback);
  };
  const probe: BenchProbe = {
    markers: [],
    updates: 0,
    frames: [],
    longTasks: [],
    keyLatencies: [],
    slowEvents: [],
    lastClick: 0,
    mutationPaints: [],
    checkpoints: [],
    perUpdate: false,
    usable: null,
    endUpdates: null,
    reset() {
      probe.perUpdate = false;
      probe.endUpdates = null;
      probe.markers = [];
      probe.updates = 0;
      probe.frames = [];
      probe.longTasks = [];
      probe.keyLatencies = [];
      probe.slowEvents = [];
      probe.lastClick = 0;
      probe.mutationPaints = [];
      seen.clear();
    },
  };
  window.__bench = probe;
  // By offset and send time: every answer has the same offsets, and a remounted answer shows a marker again.
  const seen = new Set<string>();
  const pattern = /⟦o=(\d+) t=([\d.]+)( end)?⟧/g;

  const frame = (time: number): void => {
    probe.frames.push(time);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const found: { offset: number; sent: number; end: boolean }[] = [];
  const scan = (text: string | null): void => {
    if (!text || !text.includes('⟦o=')) return;
    for (const match of text.matchAll(pattern)) {
      const offset = Number(match[1]);
      const key = `${match[1]}@${match[2]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ offset, sent: Number(match[2]), end: match[3] !== undefined });
    }
  };
  let paintPending = false;
  const observer = new MutationObserver((records) => {
    probe.updates += 1;
    for (const record of records) {
      if (record.type === 'characterData') scan(record.target.nodeValue);
      else for (const node of record.addedNodes) scan(node.textContent);
    }
    const batch = found.splice(0);
    if (!paintPending || batch.length > 0) {
      paintPending = true;
      afterChangePainted((paintedAt) => {
        paintPending = false;
        probe.mutationPaints.push(paintedAt);
        const epoch = performance.timeOrigin + paintedAt;
        for (const marker of batch) {
          probe.markers.push({ ...marker, painted: epoch });
          let passed = false;
          while (probe.checkpoints[0] !== undefined && marker.offset >= probe.checkpoints[0]) {
            probe.checkpoints.shift();
            passed = true;
          }
          if (passed) void window.__benchCheckpoint?.(marker.offset, probe.updates);
        }
        if (probe.endUpdates === null && batch.some((marker) => marker.end)) {
          probe.endUpdates = probe.updates;
          performance.mark('bench:answer-end');
        }
        if (probe.perUpdate) window.__benchUpdate?.(`${probe.updates} ${batch.some((marker) => marker.end) ? 1 : 0}`);
      });
    }
  });
  const observe = (): void =>
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) observe();
  else document.addEventListener('readystatechange', observe, { once: true });

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.slowEvents.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);

  addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      afterPaint((paintedAt) => probe.keyLatencies.push(paintedAt - start));
    },
    { capture: true },
  );
  addEventListener('click', (event) => (probe.lastClick = event.timeStamp), { capture: true });

  // Long conversations: usable once the wanted question is in the last turn and the message box takes input.
  let target: string | null = null;
  try {
    target = sessionStorage.getItem('bench:usable');
  } catch {
    // about:blank has no storage
  }
  if (target) {
    const check = (): void => {
      const articles = document.querySelectorAll('article');
      const last = articles[articles.length - 1];
      const box = document.querySelector<HTMLTextAreaElement>('textarea:not([disabled])');
      if (last?.textContent?.includes(target) && box && box.offsetParent !== null && !box.readOnly) {
        afterPaint((paintedAt) => {
          performance.mark('bench:usable');
          probe.usable = {
            at: paintedAt,
            articles: document.querySelectorAll('article').length,
            elements: document.getElementsByTagName('*').length,
          };
        });
        sessionStorage.removeItem('bench:usable');
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }
}
