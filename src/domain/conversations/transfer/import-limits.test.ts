import { describe, expect, it } from 'vitest';
import { turnFixture as turn } from '@/test/conversation-turns';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { importLimits, importSizeProblem } from './import-limits';
import { exportJson, importJson } from './transfer';

const summary: ConversationSummary = { id: 'c1', title: 'Deep', createdAt: 1, updatedAt: 2, selection: {}, words: [] };
let counter = 0;
const newId = () => `new-${(counter += 1)}`;

const thought = (id: string, children: unknown[], metadata: unknown = {}) => ({
  id,
  parentId: null,
  authorType: 'agent',
  authorName: 'planner',
  outputFormat: 'text',
  inputText: '',
  message: id,
  metadata,
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children,
});

/** A thought with `levels` levels of thoughts inside it, as JSON text (too deep for JSON.stringify). */
function chain(levels: number): string {
  const [open = '', close = ''] = JSON.stringify(thought('t', ['HOLE'])).split('"HOLE"');
  return `${open.repeat(levels - 1)}${JSON.stringify(thought('t', []))}${close.repeat(levels - 1)}`;
}

/** An exported file whose one answer has the given thought roots (JSON text). */
function fileWith(roots: string[]): string {
  const file = JSON.parse(exportJson(summary, [turn('a', null, 1)], 3)) as {
    turns: { answer: { thoughts: { roots: unknown[] } } }[];
  };
  const [first] = file.turns;
  if (first) first.answer.thoughts.roots = ['HOLE'];
  return JSON.stringify(file).replace('"HOLE"', roots.join(','));
}

describe('import limits', () => {
  it('says how large a file is and what the limit is', () => {
    expect(importSizeProblem(31 * 1024 * 1024)).toBe('This file is 31 MB; imports are limited to 20 MB.');
    expect(importSizeProblem(20.4 * 1024 * 1024)).toBe('This file is 20.4 MB; imports are limited to 20 MB.');
    expect(importSizeProblem(importLimits.bytes)).toBeNull();
    const huge = importJson(' '.repeat(importLimits.bytes + 1), newId, 5);
    expect(huge).toEqual({ ok: false, problems: ['This file is 20 MB; imports are limited to 20 MB.'] });
  });

  it('refuses a thought nested deeper than the limit with words, not a crash', () => {
    expect(importJson(fileWith([chain(5000)]), newId, 5)).toEqual({
      ok: false,
      problems: ['A thought in this file is nested 5,000 levels deep; the limit is 200.'],
    });
  });

  it('reads a thought tree as deep as the limit', () => {
    const result = importJson(fileWith([chain(importLimits.thoughtDepth)]), newId, 5);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    let depth = 0;
    for (let nodes = result.turns[0]?.answer.thoughts.roots ?? []; nodes.length > 0; nodes = nodes[0]?.children ?? [])
      depth += 1;
    expect(depth).toBe(importLimits.thoughtDepth);
  });

  it('refuses anything else nested too deeply, such as a thought’s metadata', () => {
    let metadata: unknown = {};
    for (let level = 0; level < 3000; level += 1) metadata = { inner: metadata };
    expect(importJson(fileWith([JSON.stringify(thought('t1', [], metadata))]), newId, 5)).toEqual({
      ok: false,
      problems: [`Something in this file is nested 3,008 levels deep; the limit is ${importLimits.nesting}.`],
    });
  });
});
