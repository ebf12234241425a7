import { abortGeneration } from '@/api/stream/assistant-stream';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import type { RunningFollow } from '@/features/chat/conversations/server-sync';
import { describeFailure } from '@/domain/errors/describe-failure';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { TurnStream } from './turn-stream';
import type { Turn } from './turn';

// Answers a current server keeps generating when the browser leaves (CURRENT-SERVERS.md §2): a turn found running
// there is re-attached to once (replayed from its first chunk, then live); when the replay is empty or breaks, the stored
// conversation is watched (api/server-watch.ts: no reads while the tab is hidden) about every 2 s until the turn is
// done, for about 150 reads. A workflow's conversation is never re-attached: it is read every 4 s as its execution
// goes on (as the official console does). While only watched, the turn stays live here: Stop and the follow-up queue
// work on it as on a streaming one.

const pollEveryMs = { reattach: 2000, execution: 4000 } as const;
const pollAtMost = 150;

type Verdict = 'settled' | 'stopped' | 'left' | 'spent';

const stoppedWatching: ErrorDescription = {
  title: 'Stopped watching this answer',
  explanation:
    'The server still said it was writing it after about 5 minutes. Open the conversation again to look again; what the server stored by then is shown.',
  action: 'none',
};

const stoppedFollowingExecution: ErrorDescription = {
  title: 'No longer followed here',
  explanation:
    "The workflow's execution goes on on the server (Workflows shows it). Open the conversation again to see where it is.",
  action: 'none',
};

export interface ServerGeneration {
  /** Follows a turn the server is still generating (once, however often it is found). */
  follow(conversationId: string, turnId: string, how: RunningFollow): void;
}

export function createServerGeneration(context: ChatRuntimeShared, stream: TurnStream): ServerGeneration {
  const { state, persist, repository, sync, controllers } = context;
  const following = new Set<string>();
  // A turn is re-attached to once: found running again later (a replay that ended short, a watch that gave up), it is
  // watched as stored, never replayed again, so a server that keeps saying "running" cannot make it loop.
  const reattached = new Set<string>();
  const turnOf = (conversationId: string, turnId: string): Turn | undefined =>
    state().turns[conversationId]?.find((turn) => turn.id === turnId);

  /** Ends a watched turn as given (the server's stored copy, once read, replaces it). */
  function given(conversationId: string, turnId: string, error: ErrorDescription) {
    const turn = state().live[turnId]?.turn ?? turnOf(conversationId, turnId);
    if (!turn) return;
    const ended: Turn = { ...turn, status: 'interrupted', error };
    state().turnSaved(conversationId, ended);
    persist(repository.saveTurn(conversationId, ended));
  }

  /** Stop on a turn only watched: the server is asked to stop, and what it kept is read. */
  async function stopWatched(conversationId: string, turnId: string, how: RunningFollow) {
    if (how === 'execution') return given(conversationId, turnId, stoppedFollowingExecution);
    try {
      if (await abortGeneration(context.client(), conversationId, turnId)) await sync.reload(conversationId, turnId);
    } catch (error) {
      state().problemReported(
        `The server was not told to stop (${describeFailure(error)}); it may finish the answer anyway.`,
      );
    }
  }

  /** Reads the stored conversation until the turn is done there (or Stop, or 150 reads); shows it as stored. */
  async function watchStored(conversationId: string, turn: Turn, how: RunningFollow) {
    const turnId = turn.id;
    const controller = new AbortController();
    controllers.set(turnId, controller);
    state().liveChanged(conversationId, turn);
    try {
      const verdict = await new Promise<Verdict>((resolve) => {
        const watch = sync.watch<'running' | 'settled' | 'unavailable', Verdict>(conversationId, `turn:${turnId}`, {
          // Each read takes what the server ends the turn as (sync.reload); while it runs, nothing is replaced.
          read: () => sync.reload(conversationId, turnId),
          pace: () => pollEveryMs[how],
          // A read that failed is tried again at the next beat: only the server saying it is done ends the watch.
          judge: (answer) =>
            controller.signal.aborted
              ? 'stopped'
              : !state().conversations[conversationId] || context.closed.now
                ? 'left'
                : answer.ok && answer.data === 'settled'
                  ? 'settled'
                  : null,
          mostReads: { reads: pollAtMost, verdict: 'spent' },
          readAtOnce: true,
          onAnswer: (_answer, ended) => ended && resolve(ended),
        });
        if (!watch) return resolve('left');
        controller.signal.addEventListener('abort', () => (watch.stop(), resolve('stopped')), { once: true });
      });
      if (verdict === 'stopped') await stopWatched(conversationId, turnId, how);
      else if (verdict === 'spent') given(conversationId, turnId, stoppedWatching);
    } finally {
      controllers.delete(turnId);
      state().liveEnded(turnId);
    }
  }

  /** Re-attaches; when the replay gives nothing (or breaks), watches the stored conversation instead. */
  async function followTurn(conversationId: string, turnId: string, how: RunningFollow) {
    const stored = turnOf(conversationId, turnId);
    if (!stored) return;
    if (how === 'reattach' && !reattached.has(turnId)) {
      reattached.add(turnId);
      const ended = await stream.reattach(conversationId, stored);
      // Re-attached because it went silent, and silent again: said on the turn, not watched for minutes. (Found running
      // after a reload, a replay that breaks is followed by watching the stored turn instead.)
      const silentAgain = context.silentOnce.delete(turnId) && ended.error !== undefined;
      if (ended.answer.complete || ended.status === 'stopped' || ended.status === 'failed' || silentAgain) return;
    }
    // The replay gave nothing: what the server had stored stands while it is watched.
    await watchStored(conversationId, stored, how);
  }

  return {
    follow(conversationId, turnId, how) {
      if (following.has(turnId) || state().live[turnId]) return;
      following.add(turnId);
      context.tracked(followTurn(conversationId, turnId, how).finally(() => following.delete(turnId)));
    },
  };
}
