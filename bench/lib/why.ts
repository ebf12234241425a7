// Why the console misses a target, as traces of this kind of machine (2 cores, Chromium under Playwright) explain
// it. The report shows the entry of each target missed in a run; a missed target without one says so. Keep these
// to what a trace showed, and update them with the work that changes it.
const reasons: Record<string, string> = {
  'update.total':
    'Everything the main thread does in the window, divided by the screen updates in it. Traces at 100 KB: about a third is ' +
    'scripting (React reconciling the growing block and re-parsing its markdown, the virtualizer keeping the end in view, which ' +
    'reads the layout once more), a third is the frame itself (style, layout, paint, commit), and the rest is reading the network: ' +
    'the Bench Streamer sends one SSE event per token, 1,000 a second, and Chromium wakes the main thread for each (the same answer ' +
    'sent as one event per 16 ms measured 1–4 ms less per update). None of it grows with the answer (see the growth row). Getting ' +
    'under 4 ms would take reading the stream in a worker and a per-frame render lighter than React re-rendering a markdown block.',
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
    'Chunks reach the screen once per animation frame: a chunk waits for the next frame (8 ms on average at 60 Hz), then for that ' +
    "frame's work (see per-update). One frame end to end needs the frame's work under about 8 ms.",
  'heap.one':
    "The page holds 14–18 MB after the answer; the rest is the highlighter's worker once it has highlighted the code in view " +
    '(Shiki with that grammar, 4–9 MB), the price of never freezing the page while a grammar compiles. Runs differ by whether ' +
    'the worker is up when the heap is read. The answer is held once as text and once as its blocks.',
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
