// Current servers' GenerationManager (CURRENT-SERVERS.md §2): one running generation per conversation, with every
// chunk it produced since the turn began, so `/stream` can replay them and follow the rest, and `/abort` can stop it.
import type { WireChunk } from '../wire';

type Listener = (chunk: WireChunk) => void;

export class ActiveGeneration {
  /** Every chunk written since the turn began, as the wire got it (generation keys and time_elapsed applied). */
  readonly chunks: WireChunk[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly endListeners = new Set<() => void>();
  private finished = false;
  /** Told when a person aborts, before the run's signal fires (stores the turn as interrupted). */
  onAbort: () => void = () => {};
  /** Drops the first client's connection, as a network that goes away would; the run goes on (the cut test knob). */
  cutClient: () => void = () => {};

  constructor(private readonly controller: AbortController) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get ended(): boolean {
    return this.finished;
  }

  record(chunk: WireChunk): void {
    if (this.finished) return;
    this.chunks.push(chunk);
    for (const listener of this.listeners) listener(chunk);
  }

  /** Live chunks from now on, and the end; answers the unsubscribe. */
  follow(listener: Listener, onEnd: () => void): () => void {
    this.listeners.add(listener);
    this.endListeners.add(onEnd);
    return () => {
      this.listeners.delete(listener);
      this.endListeners.delete(onEnd);
    };
  }

  abort(): void {
    if (this.finished || this.controller.signal.aborted) return;
    this.onAbort();
    this.controller.abort();
  }

  end(): void {
    if (this.finished) return;
    this.finished = true;
    for (const onEnd of this.endListeners) onEnd();
    this.listeners.clear();
    this.endListeners.clear();
  }
}

export class GenerationRegistry {
  private readonly byConversation = new Map<string, ActiveGeneration>();
  /** Conversations whose next `/stream` answers empty (the test knob for the "finished before /stream" race). */
  private readonly hidden = new Set<string>();

  /** Registers the conversation's new run; a run still registered for it is replaced (the newest one is followed). */
  start(conversationId: string, controller: AbortController): ActiveGeneration {
    const generation = new ActiveGeneration(controller);
    this.byConversation.set(conversationId, generation);
    return generation;
  }

  /** Ends the run and unregisters it (unless a newer run of the conversation replaced it). */
  finish(conversationId: string, generation: ActiveGeneration): void {
    generation.end();
    if (this.byConversation.get(conversationId) === generation) this.byConversation.delete(conversationId);
  }

  running(conversationId: string): ActiveGeneration | undefined {
    return this.byConversation.get(conversationId);
  }

  /** The test knob: the next `/stream` of the conversation finds nothing, as if the run had just finished. */
  hideNextStream(conversationId: string): void {
    this.hidden.add(conversationId);
  }

  /** The run `/stream` follows: none when the knob was set for this conversation (the knob is used up). */
  forStream(conversationId: string): ActiveGeneration | undefined {
    if (this.hidden.delete(conversationId)) return undefined;
    return this.byConversation.get(conversationId);
  }

  /** Stops every run (the platform is closing). */
  close(): void {
    for (const generation of this.byConversation.values()) generation.abort();
    this.byConversation.clear();
  }
}
