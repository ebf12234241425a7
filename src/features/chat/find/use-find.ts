import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  buildFindIndex,
  findInConversation,
  nearestMatch,
  stepMatch,
  type FindableTurn,
  type FindMatch,
  type FindResult,
} from '@/domain/conversations/search/find';

const matchKey = ({ turnIndex, turnId, place, occurrence }: FindMatch) =>
  [turnIndex, turnId, place.kind, place.kind === 'thought' ? `${place.nodeId}:${place.part}` : '', occurrence].join(
    '|',
  );

const nothing: FindResult = { matches: [], capped: false };

export interface FindState {
  query: string;
  queryChanged(query: string): void;
  /** The query the matches are for (it trails the typed one while a long conversation is searched). */
  searched: string;
  result: FindResult;
  /** Index of the match shown, -1 with none. */
  current: number;
  match: FindMatch | undefined;
  step(by: 1 | -1): void;
}

/**
 * Find over the turns as shown. The index is built once per version of the conversation (while find is open), the
 * search runs per keystroke, deferred so typing stays responsive in a long conversation.
 */
export function useFind(turns: readonly FindableTurn[], open: boolean): FindState {
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(open ? query : '');
  const index = useMemo(() => (open ? buildFindIndex(turns) : null), [open, turns]);
  const result = useMemo(() => (index && searched ? findInConversation(index, searched) : nothing), [index, searched]);
  // The match shown, kept by value: when the matches change it moves to the nearest of the new ones.
  const [position, setPosition] = useState<{ result: FindResult; current: number }>({ result: nothing, current: -1 });
  let current = position.current;
  if (position.result !== result) {
    current = nearestMatch(result.matches, position.result.matches[position.current]);
    setPosition({ result, current });
  }
  const step = useCallback(
    (by: 1 | -1) =>
      setPosition((known) => ({
        result: known.result,
        current: stepMatch(known.current, by, known.result.matches.length),
      })),
    [],
  );
  // The same match object while it is the same place: a new turn saved meanwhile does not scroll the reader back to it.
  const found = result.matches[current];
  const key = found ? matchKey(found) : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- kept by its key, on purpose
  const match = useMemo(() => found, [key]);
  return { query, queryChanged: setQuery, searched, result, current, match, step };
}
