import { describe, expect, it } from 'vitest';
import { historyOf } from './history';
import { turnFixture as turn } from '@/test/conversation-turns';
import { pathTo, rootKey, selectVersion, versionPosition, visiblePath } from './versions';

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
