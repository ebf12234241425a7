// Why the console misses a target, as traces of this kind of machine (2 cores, Chromium under Playwright) explain
// it. The report shows the entry of each target missed in a run; a missed target without one says so. Keep these
// to what a trace showed, and update them with the work that changes it.
const reasons: Record<string, string> = {
  'update.total':
    'Everything the main thread does in the window, divided by the screen updates in it; since 2026-11-26 the page ' +
    'gets an update in nearly every frame, so this is the cost of a frame that shows new text. A trace of 2 s at ' +
    '1,000 tokens/s (2026-11-26, one update per frame): per frame about 2.5 ms applying the update (the fold is done in ' +
    'the worker; React renders the turn, the growing block is painted by itself), 1.4 ms the virtualizer re-measuring ' +
    "the growing row, 1.5–2.5 ms Chromium's hover update and pointer events after each scroll (the pointer rests over " +
    'the transcript), then the frame: style and layout 2.3 ms, paint 3 ms (software raster, no GPU: the scrolled view ' +
    'is painted again), pre-paint 1 ms, commit 1 ms. A closed block handed back to React is parsed again by ' +
    'react-markdown (7 % of the main thread in a CPU profile). Before, the caret was placed by :has() and :last-child ' +
    'selectors that restyled 200–450 elements per update (now 1–40). The next levers: give a closed block to React ' +
    'from the hast the growing block already parsed, and keep hover off the transcript while it scrolls by itself. ' +
    'None of it grows with the answer (see the growth row).',
  'stream.busy':
    'Not traced yet; arithmetic of the same run: the main thread spends the per-update time (see the per-update rows) ' +
    'on each screen update, and the page takes one in nearly every frame, so 11–14 ms at 45–60 updates a second is ' +
    '50–70 % of the wall time (2026-11-29, one run with other work on the two cores: 58.7 %; the baseline 99.8 %). ' +
    'The pointer resting on the answer adds the hover update after each scroll. The levers are those of the ' +
    'per-update row: each millisecond cut from an update is 5–6 % of the busy share.',
  'stream.fps':
    'Frames are lost where the long frames of the middle of the answer fall (see the long tasks); recent runs measured 54–59 fps.',
  'stream.longTasks':
    'The answer streams over NDJSON, so DevTools adds no task at its end. A trace of a whole 200 KB answer (2026-11-26) ' +
    'shows four long tasks in the middle, each an animation frame in which V8 finishes a major garbage collection ' +
    "(27–29 ms, most of it tracing the answer's DOM) while React applies the update, and one at the end (see the " +
    "longest task). The next lever is less garbage per update: the markdown parser's events for each re-parse of the " +
    'growing block and each closed block are most of it.',
  'stream.longestTask':
    'The end of the answer: React renders the finished turn (the saved turn replacing the live one, the last block ' +
    'handed back and parsed, code blocks switched to highlighting) and the browser lays it out, 50–60 ms in one task ' +
    '(trace of 2026-11-26), or a frame with a major garbage collection (see the long tasks). The next lever: finish ' +
    'in two tasks, the turn first and the highlighting after a yield.',
  'latency.median':
    'A trace (2026-11-26): the page now gets an update in nearly every frame (the worker times its answer from a ' +
    'request sent at the start of the frame, and reads the frame length from the shortest gap between requests), ' +
    "but the frame that shows it takes 10–16 ms of the main thread (see the per-update row) and the worker's answer " +
    'leaves 4 ms before the frame for the page to take it in: a chunk waits for the next answer (0–17 ms), then for ' +
    'the frame, then for the frame itself. Down from 54 ms with one update every three frames. The next lever is the ' +
    'cost of the frame (see the per-update row).',
  'latency.p95':
    'See the median: a chunk that just missed an answer waits a frame more, plus a long frame where one falls.',
  'heap.one':
    'A heap probe and snapshots (2026-11-29) of this scenario: the workers are the stream reader (0.9 MB) and the ' +
    'highlighter (4–5 MB: Shiki with the TypeScript, Python and shell grammars), up because the code near the end of the ' +
    'answer is coloured when it ends (on 2026-11-26 no code was in sight there and code out of sight was never near, so ' +
    "it never started; it ends after 30 s idle). Gone since: two copies of the answer's text (a new chat's name watch " +
    "cached the whole conversation; version switchers' handlers kept the previous render's turn) and the React elements " +
    "of the settled blocks (painted without React since 2026-11-29; the probe's page heap 21.2 → 16 MB). In this run " +
    "the page's part is 20.3 MB against the probe's 16 MB for the same answer: the difference is not traced yet (this " +
    "scenario also enables CDP's Performance domain). The next levers: trace that difference; release the highlighter " +
    'sooner when its work is done.',
  'typing.median':
    'Not traced. Met on a quieter run the same day (14.9 ms at 06:08 on 2026-11-26, the baseline at 136 ms); runs when ' +
    'the machine is slower (the baseline at 168–196 ms) measure 16.5–18.7 ms. The typing path did not change that day.',
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
