import { describe, expect, it } from 'vitest';
import { historyOf } from './history';
import { turnFixture as turn } from '@/test/conversation-turns';
import {
  answerPosition,
  pathTo,
  questionPosition,
  rootKey,
  selectVersion,
  versionPosition,
  visiblePath,
} from './versions';

// a → b → c, then b regenerated as b2 (with its own follow-up d), and a edited as a2.
const turns = [
  turn('a', null, 1),
  turn('b', 'a', 2),
  turn('c', 'b', 3),
  turn('b2', 'a', 4),
  turn('d', 'b2', 5),
  turn('a2', null, 6),
];

describe('versions of a turn', () => {
  it('shows the newest version at each level when nothing was chosen', () => {
    expect(visiblePath(turns, {}).map((t) => t.id)).toEqual(['a2']);
  });

  it('follows the chosen versions, and their own newest follow-ups', () => {
    const onA = selectVersion({}, null, 'a');
    expect(visiblePath(turns, onA).map((t) => t.id)).toEqual(['a', 'b2', 'd']);
    expect(visiblePath(turns, selectVersion(onA, 'a', 'b')).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it('falls back to the newest version when the chosen one is gone', () => {
    expect(visiblePath(turns, { [rootKey]: 'missing' }).map((t) => t.id)).toEqual(['a2']);
  });

  it('shows the end of a long conversation from its latest turns alone, as the whole would show it', () => {
    const long = Array.from({ length: 50 }, (_, index) =>
      turn(`t${index}`, index === 0 ? null : `t${index - 1}`, index),
    );
    const latest = long.slice(-5);
    expect(visiblePath(latest, {}, true).map((t) => t.id)).toEqual(['t45', 't46', 't47', 't48', 't49']);
    expect(visiblePath(latest, {}, true)).toEqual(visiblePath(long, {}).slice(-5));
    // With versions among them: the chosen one and its follow-ups.
    const regenerated = [...latest, turn('t48b', 't47', 60), turn('t49b', 't48b', 61)];
    expect(visiblePath(regenerated, {}, true).map((t) => t.id)).toEqual(['t45', 't46', 't47', 't48b', 't49b']);
    expect(visiblePath(regenerated, selectVersion({}, 't47', 't48'), true).map((t) => t.id)).toEqual([
      't45',
      't46',
      't47',
      't48',
      't49',
    ]);
  });

  it('says where a turn stands among its versions, for the < 2/3 > switcher', () => {
    expect(versionPosition(turns, turn('b', 'a', 2))).toEqual({ index: 1, count: 2, next: 'b2' });
    expect(versionPosition(turns, turn('b2', 'a', 4))).toEqual({ index: 2, count: 2, previous: 'b' });
    expect(versionPosition(turns, turn('c', 'b', 3))).toEqual({ index: 1, count: 1 });
  });

  it('never loops on damaged data', () => {
    const cyclic = [turn('x', 'y', 1), turn('y', 'x', 2), turn('r', null, 0)];
    expect(visiblePath(cyclic, {}).map((t) => t.id)).toEqual(['r']);
    expect(pathTo(cyclic, 'x').map((t) => t.id)).toEqual(['y', 'x']);
  });

  it('builds the history from the path to a turn, finished answers only', () => {
    const withFailure = [...turns, turn('e', 'd', 7, { status: 'failed' })];
    expect(pathTo(withFailure, 'e').map((t) => t.id)).toEqual(['a', 'b2', 'd', 'e']);
    expect(historyOf(pathTo(withFailure, 'e'))).toEqual([
      { role: 'User', message: 'question a' },
      { role: 'Assistant', message: 'answer a' },
      { role: 'User', message: 'question b2' },
      { role: 'Assistant', message: 'answer b2' },
      { role: 'User', message: 'question d' },
      { role: 'Assistant', message: 'answer d' },
    ]);
    expect(pathTo(turns, null)).toEqual([]);
  });

  it('walks a 10,000-turn conversation from its first question to its last', () => {
    const long = Array.from({ length: 10_000 }, (_, index) =>
      turn(`t${index}`, index === 0 ? null : `t${index - 1}`, index),
    );
    const path = pathTo(long, 't9999');
    expect(path).toHaveLength(10_000);
    expect([path[0]?.id, path[9_999]?.id]).toEqual(['t0', 't9999']);
  });
});

describe('versions of a question and of an answer', () => {
  const asked = (id: string, question: string, startedAt: number) => ({ id, parentId: 'p', startedAt, question });
  // Asked, regenerated, then edited: two questions; the first has two answers, the edit one.
  const first = asked('a', 'Explain PKCE', 1);
  const regenerated = asked('b', 'Explain PKCE', 2);
  const edited = asked('c', 'Explain OAuth scopes', 3);
  const siblings = [first, regenerated, edited];

  it('counts edits on the question: each question once, in the order first asked, standing for its newest answer', () => {
    expect(questionPosition(siblings, edited)).toEqual({ index: 2, count: 2, previous: 'b' });
    expect(questionPosition(siblings, regenerated)).toEqual({ index: 1, count: 2, next: 'c' });
    // The older answer of the first question stands for it while it is the one shown.
    expect(questionPosition(siblings, first)).toEqual({ index: 1, count: 2, next: 'c' });
  });

  it('counts regenerations on the answer: only the versions asking the same question', () => {
    expect(answerPosition(siblings, first)).toEqual({ index: 1, count: 2, next: 'b' });
    expect(answerPosition(siblings, regenerated)).toEqual({ index: 2, count: 2, previous: 'a' });
    expect(answerPosition(siblings, edited)).toEqual({ index: 1, count: 1 });
  });

  it('keeps the question order when an older question is regenerated later', () => {
    const again = asked('d', 'Explain PKCE', 4);
    expect(questionPosition([...siblings, again], again)).toEqual({ index: 1, count: 2, next: 'c' });
    expect(questionPosition([...siblings, again], edited)).toEqual({ index: 2, count: 2, previous: 'd' });
  });
});
