// An answer and its thought tree sampled frame by frame while they stream: how they grew, as a reader saw them.
import type { Page } from '@playwright/test';
import { lastTurn } from './support';

/** The thought tree as it reads: one "level author status" line per visible node header. */
export const treeOutline = (page: Page) =>
  lastTurn(page)
    .locator('[data-thought-header]')
    .evaluateAll((headers) =>
      headers.map(
        (header) =>
          `${header.getAttribute('data-level')} ${header.querySelector('.thought-author')?.textContent} ${header.querySelector('.thought-status')?.textContent}`,
      ),
    );

/**
 * The newest answer's length at every frame until it ends: proof that text arrived over time. Sampled in the
 * page (not by round trips from the test), so a loaded machine slows the samples no more than the page itself.
 */
export async function answerLengthsUntilDone(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const lengths: number[] = [];
        const started = performance.now();
        const sample = () => {
          const turn = Array.from(document.querySelectorAll('article')).at(-1);
          const text = turn?.querySelector('[data-testid="answer-text"]')?.textContent ?? '';
          if (lengths.at(-1) !== text.length) lengths.push(text.length);
          const status = turn?.querySelector('.status-label')?.textContent ?? '';
          const ended = status !== '' && !status.startsWith('Answering') && !status.startsWith('Waiting');
          if (ended || performance.now() - started > 30_000) resolve(lengths);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
  );
}

/** One frame of the newest answer's thought tree: its summary ("Thinking · 7 steps") and each visible node's "level author status". */
export interface TreeSample {
  summary: string;
  steps: number;
  nodes: string[];
  /** The first node's aria-expanded. */
  firstOpen: boolean;
}

/**
 * The newest answer's thought tree at every frame in which it changed, until the answer ends: what a reader saw
 * while it grew. Sampled in the page like `answerLengthsUntilDone`, so a slow test runner cannot miss a state.
 */
export async function treeSamplesUntilDone(page: Page): Promise<TreeSample[]> {
  return page.evaluate(
    () =>
      new Promise<TreeSample[]>((resolve) => {
        const samples: TreeSample[] = [];
        let last = '';
        const started = performance.now();
        const sample = () => {
          const turn = Array.from(document.querySelectorAll('article')).at(-1);
          const summary = Array.from(turn?.querySelectorAll('button') ?? []).find((button) =>
            /^(Thinking|Thoughts) · /.test(button.textContent ?? ''),
          );
          const steps = Number(/(\d+) steps?/.exec(summary?.textContent ?? '')?.[1] ?? 0);
          const nodes = Array.from(turn?.querySelectorAll('[data-thought-header]') ?? []).map(
            (header) =>
              `${header.getAttribute('data-level')} ${header.querySelector('.thought-author')?.textContent} ${header.querySelector('.thought-status')?.textContent}`,
          );
          const firstOpen = turn?.querySelector('[data-thought-header]')?.getAttribute('aria-expanded') === 'true';
          const key = `${summary?.textContent}|${firstOpen}|${nodes.join('|')}`;
          if (key !== last) samples.push({ summary: summary?.textContent ?? '', steps, nodes, firstOpen });
          last = key;
          const status = turn?.querySelector('.status-label')?.textContent ?? '';
          const ended = status !== '' && !status.startsWith('Answering') && !status.startsWith('Waiting');
          if (ended || performance.now() - started > 30_000) resolve(samples);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
  );
}

/** How many samples saw the text longer than the sample before. */
export const growthSteps = (lengths: number[]) =>
  lengths.filter((length, index) => index > 0 && length > (lengths[index - 1] ?? 0)).length;
