import { describe, expect, it } from 'vitest';
import type { Breakdown } from './measures/trace-breakdown';
import { chatJsSection, traceSection } from './trace-report';

const traced = (busyMs: number): Breakdown => ({
  windowMs: 10_000,
  busyMs,
  kinds: [
    { name: 'script', ms: 2000 },
    { name: 'paint and commit', ms: 1000 },
    { name: 'style', ms: 1 },
  ],
  events: [{ name: 'FunctionCall', ms: 1500 }],
  scripts: [{ name: 'react.js', ms: 1200 }],
  longTasks: [{ ms: 58.6, events: [{ name: 'FunctionCall', ms: 37.9 }] }],
});

describe('traceSection', () => {
  it('gives the streaming trace per update, leaves out what rounds to nothing, and lists the long tasks', () => {
    const text = traceSection({
      stream: {
        startKb: 20,
        start: traced(700),
        fromKb: 150,
        streaming: traced(5000),
        updates: 500,
        whole: traced(6000),
      },
      load: null,
      measured: [
        [
          { kb: 0, ms: 67.4 },
          { kb: 199.5, ms: 53 },
        ],
        [],
      ],
    });
    expect(text).toContain(
      '500 screen updates in 10 s, the main thread busy 50 % of it, 10 ms per update: script 4 ms, paint and commit 2 ms.',
    );
    expect(text).toContain('By event, per update: FunctionCall 3 ms.');
    expect(text).toContain('Script by the file called, per update: react.js 2.4 ms.');
    expect(text).toContain('**Long tasks from 150 KB to 2 s after the end**: 59 ms (FunctionCall 38 ms).');
    expect(text).toContain(
      '**From the question to 20 KB of the answer** (its first paints, and what loads with them; 10000 ms, the main ' +
        'thread busy 700 ms): script 2000 ms, paint and commit 1000 ms, style 1 ms. Long tasks: 59 ms (FunctionCall 38 ms).',
    );
    expect(text).toContain(
      '**Where the long tasks of the measured runs fell** (the size of the answer painted when each began): ' +
        'run 1: 0 KB (67 ms), 199.5 KB (53 ms); run 2: none.',
    );
  });

  it('says what was not traced', () => {
    const text = traceSection({
      stream: { startKb: 20, start: null, fromKb: 150, streaming: null, updates: 0, whole: null },
      load: { turns: 10_000, breakdown: null },
      measured: [],
    });
    expect(text).toContain('**While the long answer streams**: not traced');
    expect(text).toContain('**10,000 turns, a cold load**: not traced.');
    expect(text).toContain('**From the question to 20 KB of the answer**: not traced.');
    expect(text).not.toContain('measured runs fell');
  });
});

describe('chatJsSection', () => {
  it("names each chunk without its build's hash, largest first as given", () => {
    expect(
      chatJsSection([
        { file: 'assets/react-C1iE8mnY.js', kb: 65.84 },
        { file: 'assets/chat-screen-LYN9z_pa.js', kb: 7.7 },
      ]).split('\n')[2],
    ).toBe('Gzip, largest first (a chunk is named after one of its modules): react.js 65.8 KB, chat-screen.js 7.7 KB.');
  });
});
