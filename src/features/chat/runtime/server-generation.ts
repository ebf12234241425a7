import { abortGeneration } from '@/api/stream/assistant-stream';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import type { RunningFollow } from '@/features/chat/conversations/server-sync';
import { describeFailure } from '@/domain/errors/describe-failure';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { TurnStream } from './turn-stream';
import type { Turn } from './turn';

// Answers a current server keeps generating when the browser leaves (CURRENT-SERVERS.md §2): a turn found running
// there is re-attached to (replayed from its first chunk, then live); when the replay is empty or breaks, the stored
// conversation is read about every 2 s until the turn is done, for about 5 minutes. A workflow's conversation is
// never re-attached: it is read every 4 s as its execution goes on (as the official console does). While only
// watched, the turn stays live here: Stop and the follow-up queue work on it as on a streaming one.

const pollEveryMs = { reattach: 2000, execution: 4000 } as const;
const pollAtMost = 150;

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
  const turnOf = (conversationId: string, turnId: string): Turn | undefined =>
    state().turns[conversationId]?.find((turn) => turn.id === turnId);
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

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

  /** Reads the stored conversation until the turn is done there (or Stop, or about 5 minutes); shows it as stored. */
  async function watchStored(conversationId: string, turn: Turn, how: RunningFollow) {
    const turnId = turn.id;
    const controller = new AbortController();
    controllers.set(turnId, controller);
    state().liveChanged(conversationId, turn);
    try {
      for (let read = 0; read < pollAtMost; read += 1) {
        if (read > 0) await wait(pollEveryMs[how], controller.signal);
        if (controller.signal.aborted) return await stopWatched(conversationId, turnId, how);
        if (!state().conversations[conversationId] || context.closed.now) return;
        const now = await sync.reload(conversationId, turnId);
        if (controller.signal.aborted) return await stopWatched(conversationId, turnId, how);
        // A read that failed is tried again at the next beat: only the server saying it is done ends the watch.
        if (now === 'settled') return;
      }
      given(conversationId, turnId, stoppedWatching);
    } finally {
      controllers.delete(turnId);
      state().liveEnded(turnId);
    }
  }

  /** Re-attaches; when the replay gives nothing (or breaks), watches the stored conversation instead. */
  async function followTurn(conversationId: string, turnId: string, how: RunningFollow) {
    const stored = turnOf(conversationId, turnId);
    if (!stored) return;
    if (how === 'reattach') {
      const ended = await stream.reattach(conversationId, stored);
      if (ended.answer.complete || ended.status === 'stopped' || ended.status === 'failed') return;
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
