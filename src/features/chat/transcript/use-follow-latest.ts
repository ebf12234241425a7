import { useCallback, useRef, useState } from 'react';
import { useChat } from '@/features/chat/runtime/use-chat';

/** Where the reader was when they left the end: how many turns there were, and which one was answering. */
interface LeftAt {
  length: number;
  liveId: string | null;
}

export interface FollowLatest {
  /** The reader is at the end: the view goes along with what arrives. */
  following: boolean;
  /**
   * Following while the answer's text grows: the virtualizer keeps the end in view as the last row grows. Not while
   * only its thought tree grows (steps, tool outputs): that growth stays below the fold rather than moving the view.
   */
  pinned: boolean;
  /** Turns asked, and answers finished, since the reader left the end. */
  unseen: number;
  left(): void;
  resumed(): void;
  /** Following now, read when it is needed (a frame later): `following` is as of the last render. */
  isFollowing(): boolean;
}

/**
 * Whether the transcript follows what arrives. Any scroll up by the reader stops it; coming back to the end
 * (or "Jump to latest") starts it again. What arrived meanwhile is counted for the button.
 */
export function useFollowLatest(
  length: number,
  lastId: string | undefined,
  streaming: boolean,
  answering: boolean,
): FollowLatest {
  const [leftAt, setLeftAt] = useState<LeftAt | null>(null);
  const leftNow = useRef(false);
  // A boolean per frame at most: changes when the answer the reader left behind ends.
  const stillAnswering = useChat((state) => (leftAt?.liveId ? leftAt.liveId in state.live : false));
  const left = useCallback(() => {
    leftNow.current = true;
    setLeftAt((known) => known ?? { length, liveId: streaming && lastId ? lastId : null });
  }, [length, lastId, streaming]);
  const resumed = useCallback(() => {
    leftNow.current = false;
    setLeftAt(null);
  }, []);
  const isFollowing = useCallback(() => !leftNow.current, []);
  const following = leftAt === null;
  const unseen = leftAt ? Math.max(0, length - leftAt.length) + (leftAt.liveId && !stillAnswering ? 1 : 0) : 0;
  return { following, pinned: following && streaming && answering, unseen, left, resumed, isFollowing };
}
