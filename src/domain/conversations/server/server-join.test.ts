import { describe, expect, it } from 'vitest';
import { emptyAnswer } from '@/domain/answer/answer';
import { emptyThoughtTree } from '@/domain/thoughts/thought-tree';
import type { ConversationTurn } from '@/domain/conversations/conversation';
import type { StoredHistoryItem } from './server-history';
import { changedElsewhere, joinServerHistory } from './server-join';
import { mergeConversationLists } from './server-list';
import { visiblePath } from '@/domain/conversations/versions';

const item = (
  role: 'User' | 'Assistant',
  historyIndex: number,
  message: string,
  extra: Partial<StoredHistoryItem> = {},
): StoredHistoryItem => ({
  role,
  message,
  historyIndex,
  date: `2026-11-20T10:0${historyIndex}:00.000000`,
  assistantId: 'a1',
  ...extra,
});
const pair = (index: number, question: string, answer: string) => [
  item('User', index, question),
  item('Assistant', index, answer),
];
const context = {
  conversationId: 'c1',
  assistantNames: { a1: 'General Assistant' },
  defaultAssistantId: 'a1',
  fallbackTime: 0,
};

const local = (
  id: string,
  parentId: string | null,
  question: string,
  extra: Partial<ConversationTurn> = {},
): ConversationTurn => ({
  id,
  parentId,
  question,
  assistantId: 'a1',
  assistantName: 'General Assistant',
  mode: 'stream',
  status: 'completed',
  answer: { ...emptyAnswer, text: `local ${question}`, complete: true },
  startedAt: Date.UTC(2026, 10, 20, 10, 0) + question.length,
  requestId: `req-${id}`,
  ...extra,
});

describe('the server history joined with this browser’s turns', () => {
  it('keeps a local turn (id, request id) where the server has the same question at the same index, and adds what was asked elsewhere', () => {
    const history = [
      ...pair(0, 'hello', 'hi'),
      ...pair(1, 'more', 'sure'),
      ...pair(2, 'asked elsewhere', 'answered there'),
    ];
    const turns = joinServerHistory(history, context, [local('t0', null, 'hello'), local('t1', 't0', 'more')]);
    expect(turns.map((turn) => [turn.id, turn.parentId, turn.question])).toEqual([
      ['t0', null, 'hello'],
      ['t1', 't0', 'more'],
      ['server:c1:2:0', 't1', 'asked elsewhere'],
    ]);
    expect(turns[1]).toMatchObject({ requestId: 'req-t1', answer: { text: 'local more' } });
    expect(visiblePath(turns, {}).map((turn) => turn.question)).toEqual(['hello', 'more', 'asked elsewhere']);
  });

  it('takes what the server counted (tokens, money, time) into the answer kept here; counts it lacks stay absent', () => {
    const history = [
      item('User', 0, 'hello'),
      item('Assistant', 0, 'hi', { inputTokens: 980, outputTokens: 254, moneySpent: 0.0021, responseTime: 3.2 }),
      item('User', 1, 'more'),
      item('Assistant', 1, 'sure', { inputTokens: null, outputTokens: null, moneySpent: null }),
    ];
    const turns = joinServerHistory(history, context, [local('t0', null, 'hello'), local('t1', 't0', 'more')]);
    expect(turns[0]?.answer).toMatchObject({
      text: 'local hello',
      usage: { inputTokens: 980, outputTokens: 254, cost: 0.0021 },
    });
    expect(turns[1]?.answer.usage).toBeUndefined();
    // Read from the server alone (another browser's turn): the same figures, and the time it took.
    const fresh = joinServerHistory(history, context, []);
    expect(fresh[0]?.answer).toMatchObject({ usage: { inputTokens: 980, outputTokens: 254 }, timeElapsed: 3.2 });
  });

  it('loses no turn: local failures and answers in flight stay; an answer cut off here stays as it was seen', () => {
    const history = [item('User', 0, 'hello'), item('Assistant', 0, 'Agent has been interrupted by client')];
    const failed = local('f', null, 'never reached the server', { status: 'failed', startedAt: 1 });
    const cut = local('t0', null, 'hello', { status: 'interrupted', answer: { ...emptyAnswer, text: 'hi wh' } });
    const live = local('t1', 't0', 'streaming now', { status: 'streaming' });
    const turns = joinServerHistory(history, context, [failed, cut, live]);
    expect(turns.map((turn) => [turn.id, turn.status, turn.answer.text])).toEqual([
      ['t0', 'interrupted', 'hi wh'],
      ['f', 'failed', 'local never reached the server'],
      ['t1', 'streaming', 'local streaming now'],
    ]);
  });

  it('a question asked after one that failed here keeps following it (the server has nothing at the failed index)', () => {
    const failed = local('f', null, 'failed first', { status: 'failed', startedAt: 1 });
    const next = local('t1', 'f', 'asked next', { startedAt: 2 });
    const turns = joinServerHistory(pair(1, 'asked next', 'fine'), context, [failed, next]);
    expect(turns.map((turn) => [turn.id, turn.parentId])).toEqual([
      ['t1', 'f'],
      ['f', null],
    ]);
    expect(visiblePath(turns, {}).map((turn) => turn.id)).toEqual(['f', 't1']);
  });

  it('is stable: joining the same history with its own result changes nothing; server turns gone from the server go', () => {
    const history = [...pair(0, 'hello', 'hi'), ...pair(0, 'hello', 'hi again')];
    const first = joinServerHistory(history, context, []);
    expect(joinServerHistory(history, context, first)).toEqual(first);
    const shorter = joinServerHistory(pair(0, 'hello', 'hi'), context, first);
    expect(shorter.map((turn) => turn.id)).toEqual(['server:c1:0:0']);
  });

  it('fills a thought tree this browser dropped to free space from the server’s', () => {
    const thoughts = [{ id: 'tool', author_name: 'web_search', message: 'found' }];
    const history = [item('User', 0, 'hello'), item('Assistant', 0, 'hi', { thoughts })];
    const slim = local('t0', null, 'hello', {
      answer: { ...emptyAnswer, text: 'hi', complete: true, thoughts: emptyThoughtTree },
    });
    expect(joinServerHistory(history, context, [slim])[0]?.answer.thoughts.roots.map((node) => node.id)).toEqual([
      'tool',
    ]);
  });

  it('says when the server copy changed since it was read', () => {
    const seen = { updateDate: '2026-11-20T10:00:00.000000', items: 4 };
    expect(changedElsewhere(seen, { ...seen })).toBe(false);
    expect(changedElsewhere(seen, { ...seen, items: 6 })).toBe(true);
    expect(changedElsewhere(seen, { ...seen, updateDate: '2026-11-20T11:00:00.000000' })).toBe(true);
    expect(changedElsewhere(undefined, seen)).toBe(true);
  });
});

describe('the rail’s list: this browser’s conversations and the server’s, one row per id', () => {
  const summary = {
    id: 'both',
    title: 'Local title',
    createdAt: 1,
    updatedAt: Date.UTC(2026, 10, 20),
    selection: { '': 't1' },
    words: ['local', 'title'],
  };
  it('merges by id: the server’s name, pin and later change win; local selection and words stay; server-only and local-only rows kept', () => {
    const rows = mergeConversationLists(
      [
        summary,
        { ...summary, id: 'local-only', title: 'Only here' },
        { ...summary, id: 'local-only-2', title: 'Only here 2' },
      ],
      [
        {
          id: 'both',
          name: 'Renamed elsewhere',
          update_date: '2026-11-21T09:00:00.000000',
          pinned: true,
          assistant_names: ['General Assistant'],
        },
        { id: 'server-only', name: null, date: '2026-11-19T09:00:00.000000', assistant_names: ['Research Agent'] },
        { id: 'workflow', name: 'A workflow chat', is_workflow: true },
        { id: 'local-only-2', name: 'Only here as well, named by the server from the question...' },
      ],
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(Object.keys(byId).sort()).toEqual(['both', 'local-only', 'local-only-2', 'server-only']);
    // The server's own name from the first question does not replace the title this browser gave.
    expect(byId['local-only-2']).toMatchObject({ origin: 'both', title: 'Only here 2' });
    expect(byId['both']).toMatchObject({
      origin: 'both',
      title: 'Renamed elsewhere',
      pinned: true,
      selection: { '': 't1' },
      updatedAt: Date.UTC(2026, 10, 21, 9),
    });
    expect(byId['both']?.words).toEqual(expect.arrayContaining(['local', 'renamed', 'elsewhere']));
    expect(byId['server-only']).toMatchObject({
      origin: 'server',
      title: 'Untitled conversation',
      updatedAt: Date.UTC(2026, 10, 19, 9),
      assistant: { name: 'Research Agent' },
    });
    expect(byId['local-only']).toMatchObject({ origin: 'local', title: 'Only here' });
  });
});
