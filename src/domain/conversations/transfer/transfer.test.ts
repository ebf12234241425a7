import { describe, expect, it } from 'vitest';
import { turnFixture as turn } from '@/test/conversation-turns';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { exportJson, exportMarkdown, importJson } from './transfer';
import { visiblePath } from '@/domain/conversations/versions';

const turns = [
  turn('a', null, 1, {
    question: 'Explain PKCE',
    answer: { ...turn('a', null, 1).answer, text: '## PKCE\n\nProof Key for Code Exchange.' },
  }),
  turn('b', 'a', 2, { question: 'And refresh tokens?', model: 'gpt-4.1' }),
  turn('b2', 'a', 3, { question: 'And refresh tokens, briefly?', status: 'interrupted' }),
];
const summary: ConversationSummary = {
  id: 'c1',
  title: 'Explain PKCE',
  createdAt: 1,
  updatedAt: 3,
  selection: { a: 'b' },
  words: [],
};
let counter = 0;
const newId = () => `new-${(counter += 1)}`;

describe('export', () => {
  it('renders the versions shown as Markdown', () => {
    const markdown = exportMarkdown(summary, turns);
    expect(markdown).toBe(
      [
        '# Explain PKCE',
        '',
        '## You',
        '',
        'Explain PKCE',
        '',
        '## General Assistant',
        '',
        '## PKCE',
        '',
        'Proof Key for Code Exchange.',
        '',
        '## You',
        '',
        'And refresh tokens?',
        '',
        '## General Assistant (gpt-4.1)',
        '',
        'answer b',
        '',
      ].join('\n'),
    );
  });

  it('names the files a question was sent with, in Markdown and (as sent) in JSON', () => {
    const fileUrl = btoa('9~image/png3~u-19~chart.png');
    const withFile = [turn('a', null, 1, { question: 'Explain this chart', fileNames: [fileUrl, 'plain-name.pdf'] })];
    const only = { ...summary, selection: {} };
    expect(exportMarkdown(only, withFile)).toContain(
      '## You\n\nExplain this chart\n\nAttached: `chart.png`, `plain-name.pdf`\n',
    );
    const result = importJson(exportJson(only, withFile, 10), newId, 99);
    expect(result.ok && result.turns[0]?.fileNames).toEqual([fileUrl, 'plain-name.pdf']);
  });

  it('keeps stream health with the turn: a line in Markdown, the figures in JSON read back on import', () => {
    const health = {
      firstByteMs: 120,
      firstTokenMs: 340,
      tokens: 40,
      chars: 200,
      tokensPerSecond: 48,
      charsPerSecond: 240,
      maxGapMs: 6_200,
      chunks: 42,
      frames: 30,
      chunksPerFrame: { mean: 1.4, max: 3 },
      renderLagMs: { mean: 9, max: 20 },
      unusual: ['gap' as const],
    };
    const measured = [turn('a', null, 1, { health })];
    expect(exportMarkdown({ ...summary, selection: {} }, measured)).toContain(
      '_Stream: TTFB 120 ms · first token 340 ms · 48 tok/s · max gap 6.2 s · a 6.2 s silence in the stream_',
    );
    const result = importJson(exportJson(summary, measured, 10), newId, 99);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.turns[0]?.health).toEqual(health);
  });

  it('marks partial answers in Markdown', () => {
    expect(exportMarkdown({ ...summary, selection: {} }, turns)).toContain(
      '## General Assistant — interrupted — partial answer',
    );
  });
});

describe('import', () => {
  it('round-trips an export, with new ids and the same versions shown', () => {
    const result = importJson(exportJson(summary, turns, 10), newId, 99);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.summary.id).not.toBe('c1');
    expect(result.summary.updatedAt).toBe(99);
    expect(result.summary.words).toContain('pkce');
    expect(result.turns.map((t) => t.id)).not.toContain('a');
    expect(visiblePath(result.turns, result.summary.selection).map((t) => t.question)).toEqual([
      'Explain PKCE',
      'And refresh tokens?',
    ]);
    expect(exportMarkdown(result.summary, result.turns)).toBe(exportMarkdown(summary, turns));
  });

  it('keeps a turn that was streaming as interrupted', () => {
    const result = importJson(exportJson(summary, [turn('a', null, 1, { status: 'streaming' })], 10), newId, 99);
    expect(result.ok && result.turns[0]?.status).toBe('interrupted');
  });

  it('says what is wrong with a bad file', () => {
    expect(importJson('{"format": ', newId, 1)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^The file is not JSON/)],
    });
    expect(importJson('[]', newId, 1)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('"format" must be "assistant-console.conversation"')],
    });
    const file = JSON.parse(exportJson(summary, turns, 10)) as { turns: Array<Record<string, unknown>> };
    file.turns[1] = { ...file.turns[1], question: 42, status: 'pending' };
    const bad = importJson(JSON.stringify(file), newId, 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      // In words a person reads: which turn, which field, what it should be.
      expect(bad.problems).toContain('Turn 2 › question should be text, not a number');
      expect(bad.problems).toContain('Turn 2 › status holds a value an export never has');
    }
  });

  it('refuses turns that point at a missing parent or share an id', () => {
    const orphan = importJson(
      exportJson(summary, [turn('a', null, 1), turn('b', 'zzz', 2), turn('a', null, 3)], 1),
      newId,
      1,
    );
    expect(orphan).toEqual({
      ok: false,
      problems: [
        'Turn 3 › id "a" is used by an earlier turn too',
        'Turn 2 › parentId points at "zzz", which no turn in the file has',
      ],
    });
  });
});
