// Why the console misses a target. The report shows the entry of each target missed in a run, and under it the
// traces of that same run (./traced.ts, ./trace-report.ts), which these entries read from; a missed target without
// an entry says so. Keep them to what the traces show, and update them with the work that changes it.
const reasons: Record<string, string> = {
  'update.total':
    'Everything the main thread does in the window, divided by the screen updates in it; the page takes an update in ' +
    'nearly every frame, so this is the cost of a frame that shows new text. The trace of this run (below, "While the ' +
    'long answer streams") splits it: script (about half of it run from React\'s scheduler, which the trace credits to ' +
    "React's file: rendering the turn and the growing block's effects; the fold is in the worker and settled blocks " +
    'are painted without React), task time the trace names no event for (not ' +
    'traced further yet), paint and commit (software raster: the scrolled view is painted again), layout and ' +
    'style, little garbage collection and hit testing. The next levers: render the live turn without React for its ' +
    'growing text (only the growing block changes; React still reconciles the turn around it), find what fills the ' +
    'task time no event names (a CPU profile of the same window), and keep hover off the transcript while it scrolls by itself. None of it grows with ' +
    'the answer (see the growth row).',
  'stream.busy':
    'The per-update time (see the per-update rows) at an update in nearly every frame: the trace of this run (below) ' +
    'gives the busy share of the end of the answer and what filled it. Each millisecond cut from an update is 5–6 % ' +
    'of the busy share; the levers are those of the per-update row.',
  'stream.fps':
    'Frames are lost where the long frames of the middle of the answer fall (see the long tasks); recent runs measured 54–59 fps.',
  'stream.longTasks':
    'The answer streams over NDJSON, so DevTools adds no task at its end. Where the long tasks of the measured runs ' +
    'fell is listed under the table (the size of the answer painted when each began), and the traces of this run ' +
    "show what filled the long tasks of the answer's first tenth (its first paints and the code that loads with them) " +
    'and of its last quarter and end. The next levers: the markdown renderer and highlighter loaded before the first ' +
    'answer rather than with it, where the long tasks fall at its start; less garbage per update (the growing block ' +
    're-parsed per update) where they fall in its middle; the finish in two tasks where they fall at its end.',
  'stream.longestTask':
    'See the long tasks: where each fell is listed under the table, with what filled those the traces of this run ' +
    "caught (the answer's first tenth, its last quarter and end).",
  'latency.median':
    "A chunk waits for the worker's next answer (timed from a request the page sends at the start of each frame: " +
    '0–17 ms), then for the frame that shows it, then for the frame itself, whose main-thread cost is the per-update ' +
    'time (the trace of this run, below). The next lever is the cost of the frame (see the per-update row).',
  'latency.p95':
    'See the median: a chunk that just missed an answer waits a frame more, plus a long frame where one falls.',
  'heap.one':
    'The rows under it split the sum as read in this run: the page, its workers, and of those the highlighter ' +
    "worker, most of whose heap is V8's native code for the grammars' regular expressions (a heap snapshot of it, " +
    'taken 2026-11-30 after 10 answers: 12.9 of its 19.9 MB). ' +
    'The page holds 4–5 MB less than the code of 2026-11-26 for the same answer (settled blocks painted without ' +
    "React; the answer's text held once; the request log's chunks sharing their frame: " +
    'bench/results/against-d7f34a0-*.md), whose sum is the same because that code left the code near the view plain ' +
    '(a bug) and so never started the highlighter here. V8 compiles a regular expression to native code from its ' +
    "second use: TypeScript's grammar took about 2 MB so in Node 20, a tenth of that interpreted (a one-off check " +
    "on 2026-11-30, each of its expressions run on the bench's code twice, then once). The highlighter " +
    'ends after 30 s idle. The next levers: release it sooner once the code near the view is coloured (a block ' +
    'scrolled to later waits for its grammar again), or a grammar for TypeScript with fewer, smaller expressions.',
  'typing.median':
    'Not traced. Met on a quieter run the same day (14.9 ms at 06:08 on 2026-11-26, the baseline at 136 ms); runs when ' +
    'the machine is slower (the baseline at 168–196 ms) measure 16.5–18.7 ms. The typing path did not change that day.',
  'js.screenTotal':
    'What the chat screen loads at once is listed under the traces ("The chat screen\'s JS, chunk by chunk"). Beside ' +
    "React, the largest chunk (named after the workflows' queries, a small module of ours in it) is almost all " +
    'react-aria: its components, hooks and state for the menus, list boxes, selects and dialogs the signed-in app and ' +
    "the chat's toolbar show; the console's services, Dexie and the schemas follow. The next levers: react-aria in " +
    'chunks by component, so the chat screen takes only those it shows at once and the rest when first opened, and ' +
    'find, export and the SDK snippets loaded on first use.',
  'usable.10000':
    'Start-up, not the size of the conversation (1,000 turns take about as long): the trace of this run (below, "a ' +
    'cold load until usable") shows the main thread busy for most of the load, script most of it (run from React\'s ' +
    'scheduler: the first renders; and evaluating the modules), then style and layout; its long tasks are ' +
    'listed with what filled each. The next lever: render the first screen of the conversation before the rest of ' +
    'the signed-in app (rail, menus) and evaluate less JS before it.',
};

/** Why the metric with this id misses its target (ids like `update.total.100` share the entry of `update.total`). */
export function whyMissed(id: string): string | undefined {
  for (let key = id; key !== ''; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    const reason = reasons[key];
    if (reason) return reason;
  }
  return undefined;
}
