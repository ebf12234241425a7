import { readTurn } from '@/domain/conversations/transfer/transfer';
import type { ConversationRepository } from '@/features/chat/conversations/conversation-repository';
import { personKey } from '@/lib/storage/storage-registry';
import type { KeyValueStorage } from '@/lib/storage/web-storage';
import type { Turn } from './turn';

interface StashedTurn {
  conversationId: string;
  turn: Turn;
}

const stashKey = (owner: string) => personKey('unsavedAnswers', owner);

/**
 * IndexedDB writes started while a page closes do not finish in Chromium, so the last seconds of a streaming
 * answer were lost on reload. Web Storage writes synchronously: the answers in flight are stashed there on
 * pagehide and moved into the database at the next start. Only answer text and thoughts: never a token.
 */
export function stashLiveTurns(storage: KeyValueStorage, owner: string, live: readonly StashedTurn[]): void {
  if (live.length === 0) return;
  try {
    // Only the two fields: a live entry also holds its text as pieces, which must not be written twice.
    storage.setItem(
      stashKey(owner),
      JSON.stringify(live.map(({ conversationId, turn }) => ({ conversationId, turn }))),
    );
  } catch {
    // Over the quota (a multi-MB answer): the periodic checkpoint in IndexedDB is what remains.
  }
}

function readStash(text: string | null): StashedTurn[] {
  if (!text) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry: unknown) => {
      const { conversationId, turn } = (entry ?? {}) as { conversationId?: unknown; turn?: unknown };
      const read = readTurn(turn);
      return typeof conversationId === 'string' && read
        ? [{ conversationId, turn: { ...(turn as Turn), ...read } }]
        : [];
    });
  } catch {
    return [];
  }
}

/** Saves what the stash holds beyond the database's copy of each turn, then forgets the stash. */
export async function recoverStashedTurns(
  storage: KeyValueStorage,
  owner: string,
  repository: ConversationRepository,
): Promise<number> {
  let stash: StashedTurn[];
  try {
    stash = readStash(storage.getItem(stashKey(owner)));
    storage.removeItem(stashKey(owner));
  } catch {
    return 0;
  }
  let recovered = 0;
  for (const { conversationId, turn } of stash) {
    const saved = (await repository.turnsOf(conversationId)).find((candidate) => candidate.id === turn.id);
    // A turn the database does not know belongs to a deleted conversation (or another browser's): not revived.
    if (!saved || saved.answer.text.length >= turn.answer.text.length) continue;
    await repository.saveTurn(conversationId, turn);
    recovered += 1;
  }
  return recovered;
}
