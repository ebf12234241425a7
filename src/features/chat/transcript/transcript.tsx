import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState, type FocusEvent } from 'react';
import { visiblePath } from '@/domain/conversations/versions';
import { ErrorBoundary } from '@/ui/errors/error-boundary';
import { useChat } from '@/features/chat/runtime/use-chat';
import { FindInChat } from '@/features/chat/find/find-in-chat';
import type { Turn } from '@/features/chat/runtime/turn';
import { ConversationUsage } from '@/features/chat/toolbar/conversation-usage';
import { TurnView, type TurnActions } from './turn-view';
import { useFollowLatest } from './use-follow-latest';
import { useStickToLatest } from './use-stick-to-latest';
import { useVersionGroups } from './use-version-groups';
import './transcript.css';

const noTurns: readonly Turn[] = [];
/** A finished turn with a short answer; rows are measured as they mount, this only sizes the ones never seen. */
const estimatedRowPx = 240;
/** Pinned to the end while an answer grows: every change of size keeps the distance to the end. */
const pinnedThreshold = Number.MAX_SAFE_INTEGER;

/**
 * The conversation as chosen (one version per turn). Only the rows in view are mounted, so a conversation of
 * any length opens at its end at once; the view follows the growing answer only while the reader is at the end.
 */
export function Transcript({ conversationId, actions }: { conversationId: string; actions: TurnActions }) {
  const turns = useChat((state) => state.turns[conversationId] ?? noTurns);
  const selection = useChat((state) => state.conversations[conversationId]?.selection);
  // Only the latest turns while the rest of a long conversation is read.
  const part = useChat((state) => state.opening[conversationId] === 'loading');
  const path = useMemo(() => visiblePath(turns, selection ?? {}, part), [turns, selection, part]);
  const versionsOf = useVersionGroups(turns);
  const lastId = path.at(-1)?.id;
  // A boolean: true from the moment the last turn is asked until its answer ends, whatever arrives meanwhile.
  const streaming = useChat((state) => lastId !== undefined && lastId in state.live);
  // Also a boolean: the answer's own text has begun (what the view follows; the thought tree before it is not).
  const answering = useChat((state) => lastId !== undefined && (state.live[lastId]?.turn.answer.text ?? '') !== '');
  const follow = useFollowLatest(path.length, lastId, streaming, answering);
  const scroller = useRef<HTMLDivElement>(null);
  // The row holding the keyboard stays mounted when scrolled away, so focus is never dropped to the page.
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedRow === null || focusedRow >= range.count || indexes.includes(focusedRow)) return indexes;
      return [...indexes, focusedRow].sort((a, b) => a - b);
    },
    [focusedRow],
  );
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: path.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatedRowPx,
    getItemKey: (index) => path[index]?.id ?? index,
    overscan: 3,
    rangeExtractor,
    paddingStart: 16,
    paddingEnd: 24,
    anchorTo: follow.pinned ? 'end' : 'start',
    scrollEndThreshold: follow.pinned ? pinnedThreshold : 1,
    // Growth of a row moves the rows below it and the list's height without a render of this component.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  });
  const indexOfKey = useCallback((key: string) => path.findIndex((turn) => turn.id === key), [path]);
  useStickToLatest({
    scroller,
    virtualizer,
    follow,
    length: path.length,
    lastId,
    streaming,
    answering,
    part,
    indexOfKey,
  });

  const rowOf = (target: EventTarget | null): number | null => {
    const row = target instanceof Element ? target.closest('[data-index]') : null;
    return row ? Number(row.getAttribute('data-index')) : null;
  };
  const onFocus = (event: FocusEvent) => setFocusedRow(rowOf(event.target));
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedRow(null);
  };

  const jump = () => {
    follow.resumed();
    virtualizer.scrollToEnd();
  };

  // Find moves the view itself: the transcript stops following the end, as when the reader scrolls away.
  const scrollToTurn = (index: number) => {
    follow.left();
    virtualizer.scrollToIndex(index, { align: 'center' });
  };

  return (
    <div className="transcript-frame">
      <FindInChat turns={path} scroller={scroller} scrollToTurn={scrollToTurn} />
      <div className="transcript" ref={scroller} role="log" aria-label="Conversation" aria-live="off">
        <div className="transcript-list" ref={virtualizer.containerRef} onFocus={onFocus} onBlur={onBlur}>
          {virtualizer.getVirtualItems().map((item) => {
            const turn = path[item.index];
            if (!turn) return null;
            return (
              <div key={item.key} className="transcript-row" data-index={item.index} ref={virtualizer.measureElement}>
                <ErrorBoundary what="this answer">
                  <TurnView
                    turn={turn}
                    siblings={versionsOf(turn)}
                    conversationId={conversationId}
                    actions={actions}
                    askedAnother={item.index > 0 && path[item.index - 1]?.assistantId !== turn.assistantId}
                  />
                </ErrorBoundary>
                {/* What the conversation used so far, under its last answer once that one has ended. */}
                {item.index === path.length - 1 && !streaming ? (
                  <ConversationUsage conversationId={conversationId} />
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {follow.following ? null : (
        <button type="button" className="button jump-to-latest" onClick={jump}>
          Jump to latest{follow.unseen ? ` · ${follow.unseen} new` : ''}
        </button>
      )}
    </div>
  );
}
