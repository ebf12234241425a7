import { afterNextPaint } from '@/lib/after-next-paint';
import { describeFailure } from '@/domain/errors/describe-failure';
import type { ChatRuntimeShared } from '@/features/chat/runtime/chat-runtime-shared';
import type { ChatRuntime } from '@/features/chat/runtime/chat-runtime-contract';
import { editDraftsKey, readEditDrafts } from '@/features/chat/runtime/drafts/edit-drafts';

// Reading what this browser (and the server) keeps: the conversation list once per tab, and a conversation when it
// is opened, its latest turns first.

/** Turns of a conversation read first, enough to fill a tall screen: its end shows before the rest is read. */
const latestTurnsFirst = 60;

/**
 * Conversations whose turns stay in memory: the ones opened last. Older ones are let go of (they are saved in this
 * browser and read again when opened), unless something in them is still going on.
 */
export const conversationsHeld = 5;

const busyStatuses: ReadonlySet<string> = new Set(['sending', 'streaming', 'waiting']);

/** Saved turns that failed their schema are not shown: the person is told how many, and why the first one failed. */
const unreadableTurns = (problems: readonly string[]) =>
  `${problems.length === 1 ? '1 saved turn of this conversation could not be read and is' : `${problems.length} saved turns of this conversation could not be read and are`} not shown (${problems[0]}).`;

export type ConversationOpening = Pick<ChatRuntime, 'load' | 'open'>;

export function createConversationOpening(
  context: Pick<ChatRuntimeShared, 'repository' | 'schedule' | 'state' | 'drafts' | 'sync'>,
  { adoptLegacyQueue }: { adoptLegacyQueue(conversationId: string): void },
): ConversationOpening {
  const { repository, schedule, state, drafts, sync } = context;
  let listed: Promise<void> | null = null;
  /** Opened conversations, the latest last. */
  const recent: string[] = [];

  /** An answer arriving, a turn waiting for the person or a read under way: its turns must stay. */
  const busy = (conversationId: string) =>
    state().opening[conversationId] === 'loading' ||
    Object.values(state().live).some((live) => live.conversationId === conversationId) ||
    (state().turns[conversationId] ?? []).some((turn) => busyStatuses.has(turn.status));

  function opened(conversationId: string) {
    const at = recent.indexOf(conversationId);
    if (at >= 0) recent.splice(at, 1);
    recent.push(conversationId);
    for (const older of recent.slice(0, -conversationsHeld)) {
      if (busy(older)) continue;
      recent.splice(recent.indexOf(older), 1);
      if (state().turns[older]) state().turnsReleased(older);
    }
  }

  function load() {
    listed ??= repository.list().then(
      ({ conversations, unreadable }) => {
        state().listLoaded(conversations);
        const which =
          unreadable === 1
            ? '1 saved conversation could not be read and is'
            : `${unreadable} saved conversations could not be read and are`;
        if (unreadable) state().problemReported(`${which} not shown.`);
      },
      (error: unknown) =>
        state().listFailed(
          `Saved conversations could not be read (${describeFailure(error)}). New ones still work but may not be saved.`,
        ),
    );
    void repository.draftOf('').then((text) => state().draftLoaded('', text), drafts.report);
    return listed;
  }

  async function open(conversationId: string) {
    opened(conversationId);
    if (state().opening[conversationId] === 'loading') return;
    if (state().turns[conversationId]) return sync.refresh(conversationId);
    state().openStarted(conversationId);
    // The draft is small and shown first; the turns may take longer.
    void repository.draftOf(conversationId).then((text) => state().draftLoaded(conversationId, text), drafts.report);
    void repository
      .draftOf(editDraftsKey(conversationId))
      .then((text) => state().editsLoaded(conversationId, readEditDrafts(text)), drafts.report);
    try {
      // A long conversation's latest turns are read first and shown while the rest is read (sending waits for
      // it): the whole read is asked only once they are painted, so its answer cannot hold up the first paint. The
      // list (it says whether the conversation exists) is read meanwhile.
      const listed = load();
      const latest = await repository.recentTurnsOf(conversationId, latestTurnsFirst).catch(() => []);
      if (latest.length > 0) {
        state().openedLatest(conversationId, latest);
        // Reading and checking 10,000 turns takes the main thread for ~150 ms: not before the latest are on screen.
        await afterNextPaint(schedule);
      }
      const [, { turns, unreadable }] = await Promise.all([listed, repository.turnsRead(conversationId)]);
      if (unreadable.length > 0) state().problemReported(unreadableTurns(unreadable));
      if (!state().conversations[conversationId] && turns.length === 0) {
        // Not in this browser: a conversation of the server's (from another client) is read from there.
        const read = await sync.load(conversationId);
        if (!read.found && 'missing' in read) state().openEnded(conversationId, { failed: 'missing' });
        else if (!read.found) {
          state().problemReported(`This conversation could not be read from the server (${read.problem}).`);
          state().openEnded(conversationId, { failed: 'failed' });
        }
      } else {
        state().openEnded(conversationId, { turns });
        adoptLegacyQueue(conversationId);
        sync.refresh(conversationId);
      }
    } catch (error) {
      state().problemReported(`This conversation could not be read (${describeFailure(error)}).`);
      state().openEnded(conversationId, { failed: 'failed' });
    }
  }

  return { load, open };
}
