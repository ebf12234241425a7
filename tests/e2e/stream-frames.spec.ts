import { expect, test } from './csp';
import { ask, lastStatus, openDetails, pickAssistant, signIn } from './support';

interface FrameRecord {
  frames: number[];
  updates: number[];
  running: boolean;
}

// Before the console's scripts: every update message the stream reader's Worker posts to the page is timed as the
// page receives it (the console applies each one as it arrives), and each animation-frame callback starts a frame.
function recordFramesAndUpdates(): void {
  const record: FrameRecord = { frames: [], updates: [], running: true };
  Object.assign(window, { streamFrames: record });
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      if (options?.name !== 'stream-reader') return;
      this.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
        if (event.data.type === 'update') record.updates.push(performance.now());
      });
    }
  };
  const frame = () => {
    record.frames.push(performance.now());
    if (record.running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

test('a 1,000 tokens/s answer is read in a worker and reaches the page at most once per animation frame', async ({
  page,
}) => {
  await page.addInitScript(recordFramesAndUpdates);
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Bench Streamer');

  await ask(page, 'bench rate=1000 size=20000');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 60_000 });
  const { frames, updates } = await page.evaluate(() => {
    const record = (window as unknown as { streamFrames: FrameRecord }).streamFrames;
    record.running = false;
    return record;
  });

  // The stream was read off the page, by the console's stream worker.
  expect(page.workers().some((worker) => /stream/.test(worker.url()))).toBe(true);

  // Updates counted between consecutive frame starts: never two in one frame.
  const perFrame = frames.slice(1).map((end, index) => {
    const start = frames[index] ?? 0;
    return updates.filter((at) => at >= start && at < end).length;
  });
  const seen = `${updates.length} updates in ${frames.length} frames over ${Math.round((frames.at(-1) ?? 0) - (frames[0] ?? 0))} ms`;
  expect(updates.length, seen).toBeGreaterThan(20);
  expect(Math.max(...perFrame), seen).toBeLessThanOrEqual(1);

  // Thousands of tokens arrived in far fewer updates: the page does not wake once per token.
  const line = (await openDetails(page)).locator('details.stream-health');
  await line.locator('summary').click();
  const tokensCell = line
    .getByRole('table', { name: 'Stream health' })
    .getByRole('row', { name: /^Tokens \(chunks/ })
    .getByRole('cell');
  const tokens = Number((await tokensCell.innerText()).replace(/[^\d]/g, ''));
  expect(tokens).toBeGreaterThan(1000);
  expect(updates.length).toBeLessThan(tokens / 4);
});
