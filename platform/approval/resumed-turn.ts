// The stored side of a resume: the paused turn's assistant item is updated in place (real servers continue the same
// history item, they do not add a turn). Its thoughts go on from the stored ones; its message becomes the answer.
import { estimateTokens } from '../assistants/script';
import { interruptedByClient } from '../conversations/call-turn';
import { touch } from '../conversations/store';
import { StoredThoughts } from '../conversations/stored-thoughts';
import type { Conversation, HistoryItem } from '../conversations/types';
import type { ChunkWriter } from '../stream-writer';
import type { WireChunk } from '../wire';

/** The latest version of the turn's assistant item. */
export const pausedItem = (conversation: Conversation, historyIndex: number): HistoryItem | undefined =>
  conversation.history.findLast((item) => item.role === 'Assistant' && item.historyIndex === historyIndex);

export class ResumedTurn {
  private readonly thoughts: StoredThoughts;
  private generated = '';

  constructor(
    private readonly conversation: Conversation,
    private readonly item: HistoryItem,
    private readonly started: number,
  ) {
    this.thoughts = new StoredThoughts(structuredClone(item.thoughts ?? []));
  }

  see(chunk: WireChunk): void {
    if (typeof chunk.generated === 'string') this.generated = chunk.generated;
    if (chunk.thought) this.thoughts.apply(chunk.thought);
  }

  watch(writer: ChunkWriter): ChunkWriter {
    return { ...writer, write: (chunk) => (this.see(chunk), writer.write(chunk)) };
  }

  /** Stores the continuation; a stream the client left before its end is stored as interrupted, like /model. */
  finish(completed: boolean): void {
    const message = completed ? this.generated : interruptedByClient;
    this.item.message = message;
    this.item.thoughts = this.thoughts.kept();
    this.item.responseTime = (this.item.responseTime ?? 0) + Math.round(performance.now() - this.started) / 1000;
    this.item.outputTokens = estimateTokens(message);
    touch(this.conversation);
  }
}
