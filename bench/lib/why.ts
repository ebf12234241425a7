// Why the console misses a target, as traces of this kind of machine (2 cores, Chromium under Playwright) explain
// it. The report shows the entry of each target missed in a run; a missed target without one says so. Keep these
// to what a trace showed, and update them with the work that changes it.
const reasons: Record<string, string> = {
  'update.total':
    'Everything the main thread does in the window, divided by the screen updates in it. Traces at 100 KB (2026-11-24): about ' +
    'a third scripting, a third the frame itself (style, layout, paint, commit), the rest reading the network (one SSE event ' +
    'per token woke the main thread). Since then the stream is read and folded in a worker (the page wakes once a frame) and ' +
    'the growing block is painted outside React, yet the 2026-11-26 run measured the same 13–15 ms: not traced again yet, ' +
    'so what is left is unattributed; the next step is a trace of one update (the virtualizer re-measuring the growing ' +
    'row and the frame work are the suspects). None of it grows with the answer (see the growth row).',
  'stream.fps':
    'Frames are lost where the long frames of the middle of the answer fall (see the long tasks); recent runs measured 54–57 fps.',
  'stream.longTasks':
    'One is the end of the stream (see the longest task). Besides it, runs have one to several frames of 50–70 ms in the ' +
    'middle of the answer: frames where an incremental garbage-collection step, a layout and pre-paint of a new block group, ' +
    "the virtualizer's re-measure and Chromium's hover update after the scroll coincide (traces); the typical frame is 10–15 ms.",
  'stream.longestTask':
    "The end of the stream, and not the console's: under automation (Playwright enables DevTools' Network domain) Chromium keeps " +
    'the SSE body for the Network panel and decodes all of it when the body ends — one event per token makes a 200 KB answer ' +
    'several MB of body (ResponseBodyLoader::DidFinishLoadingBody → TextResourceDecoder::Decode, 150–350 ms). A browser without ' +
    "DevTools attached does not do it, and the NDJSON wire does not show it. The console's own scripting at the end of the answer " +
    "(the last chunk, the finished answer's render, saving it) is 10–15 ms in a CPU profile.",
  'latency.median':
    'Read from the code, not yet from a trace: a chunk the worker reads waits for the page to ask for the next update, ' +
    'which the page does one frame after it received the last one, and the update it gets is applied in the frame after ' +
    'that: two frames of waiting before the frame that paints it. The next lever: ask for the next update when the last ' +
    'one is applied, and let the worker hold that request until it has something, so a chunk waits one frame at most.',
  'latency.p95': 'See the median: the same two frames of waiting, plus a long frame where one falls.',
  'heap.one':
    "The page holds 14–18 MB after the answer; the rest is the highlighter's worker once it has highlighted the code in view " +
    '(Shiki with that grammar, 4–9 MB), the price of never freezing the page while a grammar compiles. Runs differ by whether ' +
    'the worker is up when the heap is read (it now ends after 30 s idle, later than the bench reads). A heap snapshot ' +
    '(2026-11-26) shows the finished answer held as text a few times over (the live and the saved turn, React props) and ' +
    "the request log's pieces (0.6 MB): the next lever is one copy of the text between the live and the saved turn.",
  'usable.10000':
    'The main thread is busy throughout the start, with no single item dominating: evaluating the entry and the chat code, reading ' +
    "the conversation's latest turns from IndexedDB, the virtualizer measuring the rows at the end (and forcing a layout to find the " +
    'end). 1,000 turns take about as long (480–660 ms in recent runs): it is start-up, not the size of the conversation.',
};

/** Why the metric with this id misses its target (ids like `update.total.100` share the entry of `update.total`). */
export function whyMissed(id: string): string | undefined {
  for (let key = id; key !== ''; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    const reason = reasons[key];
    if (reason) return reason;
  }
  return undefined;
}
