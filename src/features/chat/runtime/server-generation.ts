import type { ErrorDescription } from '@/domain/errors/describe-error';
import type { ChatContext } from './chat-context';
import type { TurnStream } from './turn-stream';
import type { Turn } from './turn';

// Answers a current server keeps generating when the browser leaves (CURRENT-SERVERS.md §2): a turn found running
// there is re-attached to (replayed from its first chunk, then live); when the replay is empty or breaks, the stored
// conversation is read about every 2 s until the turn is done, for about 5 minutes.

const pollEveryMs = 2000;
const pollAtMost = 150;

const stoppedWatching: ErrorDescription = {
  title: 'Stopped watching this answer',
  explanation:
    'The server still said it was writing it after about 5 minutes. Open the conversation again to look again; what the server stored by then is shown.',
  action: 'none',
};

export interface ServerGeneration {
  /** Follows a turn the server is still generating (once, however often it is found). */
  follow(conversationId: string, turnId: string): void;
}

export function createServerGeneration(context: ChatContext, stream: TurnStream): ServerGeneration {
  const { state, persist, repository, sync } = context;
  const following = new Set<string>();
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const turnOf = (conversationId: string, turnId: string): Turn | undefined =>
    state().turns[conversationId]?.find((turn) => turn.id === turnId);

  /** The replay gave nothing (or broke): the stored conversation says when the turn is done. */
  async function watchStored(conversationId: string, turnId: string) {
    for (let read = 0; read < pollAtMost; read += 1) {
      if (read > 0) await wait(pollEveryMs);
      if (!state().conversations[conversationId]) return;
      const now = await sync.reload(conversationId);
      if (now !== 'running') return;
    }
    const turn = turnOf(conversationId, turnId);
    if (!turn) return;
    const given: Turn = { ...turn, status: 'interrupted', error: stoppedWatching };
    state().turnSaved(conversationId, given);
    void persist(repository.saveTurn(conversationId, given));
  }

  /** Re-attaches; when the replay gives nothing (or breaks), watches the stored conversation instead. */
  async function followTurn(conversationId: string, turnId: string) {
    const turn = turnOf(conversationId, turnId);
    if (!turn) return;
    const ended = await stream.reattach(conversationId, turn);
    if (ended.answer.complete || ended.status === 'stopped' || ended.status === 'failed') return;
    await watchStored(conversationId, turnId);
  }

  return {
    follow(conversationId, turnId) {
      if (following.has(turnId) || state().live[turnId]) return;
      following.add(turnId);
      void context.tracked(followTurn(conversationId, turnId).finally(() => following.delete(turnId)));
    },
  };
}
