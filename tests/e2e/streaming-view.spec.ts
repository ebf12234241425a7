import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, assistants, lastStatus, pickAssistant, signIn } from './support';

// What a reader sees while an answer streams: the view does not jump with the thought tree or what its tools return,
// it follows the answer's text when the reader is at the end, and the caret ends that text on its last line.
// Every frame is sampled in the page (not by round trips from the runner), so no live state can be missed.

interface StreamFrame {
  /** The tallest running node's row, in pixels. */
  tallestRunning: number;
  /** The python tool's row: running, and how much it shows (it grows as its CSV arrives). */
  pythonRunning: boolean;
  pythonText: number;
  scrollTop: number;
  /** The answer text's box against the transcript's, once it has any. */
  answer: { bottom: number; viewTop: number; viewBottom: number } | null;
  /** The reader scrolled up in this frame or before. */
  scrolledUp: boolean;
}

/**
 * Frames of the newest answer until it ends. With `scrollUpOnPython`, the reader scrolls up (a wheel turn) in the
 * first frame the python tool runs, before its CSV output arrives.
 */
function framesUntilDone(page: Page, scrollUpOnPython: boolean): Promise<StreamFrame[]> {
  return page.evaluate(
    (scrollUp) =>
      new Promise<StreamFrame[]>((resolve) => {
        const frames: StreamFrame[] = [];
        const started = performance.now();
        let scrolledUp = false;
        const sample = () => {
          const log = document.querySelector<HTMLElement>('[role="log"][aria-label="Conversation"]');
          const turn = Array.from(document.querySelectorAll('article')).at(-1);
          const rows = Array.from(turn?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []);
          const running = rows.filter((row) => row.dataset.status === 'running');
          const python = rows.find((row) => row.querySelector('.thought-author')?.textContent === 'python');
          const pythonRunning = python?.dataset.status === 'running';
          if (scrollUp && !scrolledUp && pythonRunning && log) {
            log.dispatchEvent(new WheelEvent('wheel', { deltaY: -120, bubbles: true }));
            log.scrollTop -= 120;
            scrolledUp = true;
          }
          const text = turn?.querySelector('[data-testid="answer-text"]');
          const view = log?.getBoundingClientRect();
          const box = text?.getBoundingClientRect();
          frames.push({
            tallestRunning: Math.max(0, ...running.map((row) => row.getBoundingClientRect().height)),
            pythonRunning,
            pythonText: python?.textContent?.length ?? 0,
            scrollTop: log?.scrollTop ?? -1,
            answer:
              box && view && text?.textContent
                ? { bottom: box.bottom, viewTop: view.top, viewBottom: view.bottom }
                : null,
            scrolledUp,
          });
          const status = turn?.querySelector('.status-label')?.textContent ?? '';
          const ended = status !== '' && !status.startsWith('Answering') && !status.startsWith('Waiting');
          if (ended || performance.now() - started > 45_000) resolve(frames);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
    scrollUpOnPython,
  );
}

/** Pixels the view moved between consecutive frames of these. */
const moves = (frames: StreamFrame[]) =>
  frames.slice(1).map((frame, index) => Math.abs(frame.scrollTop - (frames[index]?.scrollTop ?? 0)));

test.beforeEach(async ({ page }) => {
  // Short enough that the Research Agent's tree fills more than the transcript's height.
  await page.setViewportSize({ width: 1100, height: 600 });
  await signIn(page, 'analyst');
});

test('at the end, the view keeps still while the tree and its 400-line CSV grow, then follows the answer text', async ({
  page,
}) => {
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  const frames = await framesUntilDone(page, false);
  await expect(lastStatus(page)).toHaveText('Completed');

  // Running nodes open in boxes of bounded height: the CSV scrolls inside its box, never the page.
  const tallest = Math.max(...frames.map((frame) => frame.tallestRunning));
  expect(tallest).toBeGreaterThan(100);
  expect(tallest).toBeLessThanOrEqual(380);
  const whilePython = frames.filter((frame) => frame.pythonRunning);
  expect(new Set(whilePython.map((frame) => frame.pythonText)).size).toBeGreaterThan(2);

  // Until the answer's text begins, nothing the tree does moves the view (a few frames after asking excepted,
  // while the new question is brought into view).
  const firstText = frames.findIndex((frame) => frame.answer !== null);
  expect(firstText).toBeGreaterThan(0);
  const thinking = frames.slice(frames.findIndex((frame) => frame.tallestRunning > 0) + 10, firstText);
  expect(thinking.length).toBeGreaterThan(30);
  expect(Math.max(...moves(thinking))).toBeLessThanOrEqual(1);

  // From a couple of frames after it begins, the answer's growing end is in sight in every frame.
  const answering = frames.slice(firstText + 3).flatMap((frame) => (frame.answer ? [frame.answer] : []));
  expect(answering.length).toBeGreaterThan(10);
  const outOfSight = answering.filter(
    (answer) => answer.bottom > answer.viewBottom + 1 || answer.bottom < answer.viewTop,
  );
  expect(outOfSight).toEqual([]);
});

test('scrolled up, the view stays where the reader put it while the tool output grows and the answer streams', async ({
  page,
}) => {
  // An answer before, so there is somewhere to scroll up to.
  await pickAssistant(page, assistants.general.name);
  await ask(page, 'Explain PKCE with the authorization code flow');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  const frames = await framesUntilDone(page, true);
  await expect(lastStatus(page)).toHaveText('Completed');
  const after = frames.slice(frames.findIndex((frame) => frame.scrolledUp) + 1);
  expect(after.length).toBeGreaterThan(30);
  // The CSV arrived after the reader scrolled up (the python row grew), and the answer's text streamed in.
  expect(new Set(after.filter((frame) => frame.pythonRunning).map((frame) => frame.pythonText)).size).toBeGreaterThan(
    1,
  );
  expect(after.some((frame) => frame.answer !== null)).toBe(true);
  expect(after[0]?.scrollTop ?? 0).toBeGreaterThan(20);
  expect(Math.max(...moves(after))).toBeLessThanOrEqual(1);
});

interface CaretFrame {
  /** The answer's last block: P, UL, TABLE, CODE… */
  ending: string;
  /** Elements showing the caret. */
  carets: number;
  /** The caret's element holds the last text, and its last line is that text's last line. */
  onLastLine: boolean;
}

test('the caret ends the text on its last line, whether the answer ends in a paragraph, a list, a table or code', async ({
  page,
}) => {
  await pickAssistant(page, assistants.general.name);
  await ask(page, 'Explain PKCE with the authorization code flow');
  const frames = await page.evaluate(
    () =>
      new Promise<CaretFrame[]>((resolve) => {
        const frames: CaretFrame[] = [];
        const started = performance.now();
        const sample = () => {
          const turn = Array.from(document.querySelectorAll('article')).at(-1);
          const text = turn?.querySelector<HTMLElement>('[data-testid="answer-text"].answer-growing .markdown');
          if (text) {
            const last = text.querySelector(':scope > .markdown-group:last-child > :last-child');
            const ending = last?.classList.contains('code-block') ? 'CODE' : (last?.tagName ?? '');
            const holders = Array.from(text.querySelectorAll<HTMLElement>('*')).filter((element) => {
              const content = getComputedStyle(element, '::after').content;
              return content !== 'none' && content !== 'normal' && content !== '';
            });
            // The last piece of text a reader sees (a code block's Copy button is not the answer's text).
            const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT, {
              acceptNode: (node) =>
                node.textContent?.trim() && !node.parentElement?.closest('button')
                  ? NodeFilter.FILTER_ACCEPT
                  : NodeFilter.FILTER_REJECT,
            });
            let lastText: Node | null = null;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) lastText = node;
            let onLastLine = false;
            const holder = holders[0];
            // A block just begun (a new list item, row or heading with no word yet) holds the caret alone: it is where
            // the text goes on.
            if (holder && !holder.textContent?.trim())
              onLastLine =
                holder === text.querySelector(':scope > .markdown-group:last-child > :last-child') ||
                last?.contains(holder) === true;
            else if (holder && lastText?.textContent && holder.contains(lastText)) {
              const range = document.createRange();
              const end = lastText.textContent.trimEnd().length;
              range.setStart(lastText, end - 1);
              range.setEnd(lastText, end);
              const line = Array.from(range.getClientRects()).at(-1);
              const style = getComputedStyle(holder);
              const contentBottom =
                holder.getBoundingClientRect().bottom -
                parseFloat(style.paddingBottom) -
                parseFloat(style.borderBottomWidth);
              // A caret on a line of its own would put the holder's last line a whole line below the text's.
              onLastLine = line !== undefined && contentBottom - line.bottom < line.height / 2;
            }
            frames.push({ ending, carets: holders.length, onLastLine });
          }
          const status = turn?.querySelector('.status-label')?.textContent ?? '';
          const ended = status !== '' && !status.startsWith('Answering') && !status.startsWith('Waiting');
          if (ended || performance.now() - started > 30_000) resolve(frames);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
  );
  await expect(lastStatus(page)).toHaveText('Completed');
  const endings = new Set(frames.map((frame) => frame.ending));
  for (const ending of ['P', 'UL', 'TABLE', 'CODE'])
    expect(endings, `the answer was seen ending in ${ending}`).toContain(ending);
  const wrong = frames.filter((frame) => frame.carets !== 1 || !frame.onLastLine);
  expect(wrong).toEqual([]);
});
