import {
  moved,
  nextQueueStep,
  legacyFollowUpsKey,
  readLegacyFollowUps,
  type FollowUp,
  type FollowUpQueue,
  type QueuedChoice,
} from '@/domain/conversations/follow-ups';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { AskChoice, FollowUpVerbs } from './chat-runtime-contract';
import type { ChatState } from './chat-store';
import type { Turn } from './turn';

// The follow-up queue is the runtime's, not a screen's: it lives on the conversation's list entry (saved, and shared
// with the person's other tabs as the entry is), and it is drained here when a turn ends in this tab, whatever screen
// is open. One tab sends (the one the queue names); the others show it.

interface Hooks {
  ask(conversationId: string, question: string, choice: AskChoice): void;
  stopThen(turnId: string, next: () => void): Promise<void>;
}

const latestOf = (turns: readonly Turn[] | undefined): Turn | undefined =>
  (turns ?? []).reduce<Turn | undefined>(
    (latest, turn) => (!latest || turn.startedAt >= latest.startedAt ? turn : latest),
    undefined,
  );

const answeringIn = (state: ChatState, conversationId: string) =>
  Object.values(state.live).find((live) => live.conversationId === conversationId)?.turn.id;

export function createFollowUpVerbs(
  context: ChatRuntimeShared,
  hooks: Hooks,
): FollowUpVerbs & {
  stopped(conversationId: string): void;
  adoptLegacy(conversationId: string): void;
  /** Puts a question first in the queue (a Deny's reason: the agent hears it before anything queued); its id. */
  queueFirst(conversationId: string, text: string, choice: QueuedChoice): string;
  /**
   * Holds the conversation's queue (nothing is sent from it) until the returned function is called, which lets it go
   * on: a Deny's reason waits until the denial is known to have gone through.
   */
  hold(conversationId: string): () => void;
  close(): void;
} {
  const { state, saveSummary, store, now, repository } = context;
  // This tab's name on a queue it sends from (the same after a reload).
  const tab = context.tabId;

  /** Conversations whose queue is held here, with how many holds each (in this tab only). */
  const held = new Map<string, number>();

  const queueOf = (conversationId: string): FollowUpQueue =>
    state().conversations[conversationId]?.followUps ?? { items: [] };

  function save(conversationId: string, queue: FollowUpQueue) {
    const summary = state().conversations[conversationId];
    if (!summary) return;
    const { paused, ...open } = queue;
    const rev = (summary.followUps?.rev ?? 0) + 1;
    // An emptied queue is kept (as empty): its count of changes outlives it, so no older copy brings it back.
    saveSummary({ ...summary, followUps: { ...(queue.items.length > 0 && paused ? { paused } : {}), ...open, rev } });
  }

  function choiceOf(conversationId: string, item: FollowUp): AskChoice | null {
    const summary = state().conversations[conversationId];
    const policy = summary?.toolCallPolicy ? { toolPolicy: summary.toolCallPolicy } : {};
    const chosen = item.choice;
    if (chosen)
      return {
        assistant: chosen.assistant,
        model: chosen.model,
        mode: chosen.mode,
        ...(chosen.tools ? { tools: chosen.tools } : {}),
        ...(chosen.toolPolicy ? { toolPolicy: chosen.toolPolicy } : policy),
      };
    // Queued by an earlier console, with no choice of its own: asked as the latest question was.
    const latest = latestOf(state().turns[conversationId]);
    if (!latest) return null;
    return {
      assistant: { id: latest.assistantId, name: latest.assistantName },
      model: latest.model ?? '',
      mode: latest.mode,
      ...policy,
    };
  }

  function send(conversationId: string, item: FollowUp, rest: FollowUpQueue) {
    const choice = choiceOf(conversationId, item);
    if (!choice) return;
    save(conversationId, { ...rest, tab });
    hooks.ask(conversationId, item.text, choice);
  }

  /** No answer runs in the conversation (any more): the queue takes its next step. */
  function drain(conversationId: string) {
    if (context.closed.now || held.has(conversationId)) return;
    const summary = state().conversations[conversationId];
    const queue = summary?.followUps;
    if (!summary || !queue || queue.items.length === 0 || queue.paused) return;
    // Another tab sends from it; the queue is only shown here. Something waits for the person: it holds.
    if ((queue.tab && queue.tab !== tab) || summary.waiting || answeringIn(state(), conversationId)) return;
    const latest = latestOf(state().turns[conversationId]);
    const status = latest?.status;
    const step = nextQueueStep(
      queue,
      status === 'completed' || status === 'waiting' || status === 'stopped' || status === 'failed'
        ? status
        : status === 'interrupted'
          ? 'interrupted'
          : undefined,
      now(),
    );
    if (step.kind === 'pause') save(conversationId, step.queue);
    if (step.kind === 'send') send(conversationId, step.item, step.queue);
  }

  // A turn ended in this tab (its live copy went, the saved turn already in place): its conversation's queue moves on.
  const unsubscribe = store.subscribe((next, previous) => {
    if (next.live === previous.live) return;
    const ended = new Set(Object.values(previous.live).map((live) => live.conversationId));
    for (const conversationId of ended)
      if (!answeringIn(next, conversationId)) queueMicrotask(() => drain(conversationId));
  });

  const change = (conversationId: string, items: (queue: FollowUpQueue) => FollowUp[]) => {
    const queue = queueOf(conversationId);
    save(conversationId, { ...queue, items: items(queue) });
  };

  return {
    queue(conversationId, text, choice) {
      if (!text.trim()) return;
      const queue = queueOf(conversationId);
      const item: FollowUp = { id: context.newId(), text, ...(choice ? { choice } : {}) };
      save(conversationId, { ...queue, items: [...queue.items, item], tab });
      // Queued just as the answer ended: it goes at once.
      if (!answeringIn(state(), conversationId)) drain(conversationId);
    },
    editQueued: (conversationId, id, text) =>
      change(conversationId, ({ items }) =>
        text.trim()
          ? items.map((item) => (item.id === id ? { ...item, text } : item))
          : items.filter((item) => item.id !== id),
      ),
    moveQueued: (conversationId, id, by) => change(conversationId, ({ items }) => moved(items, id, by)),
    removeQueued: (conversationId, id) => change(conversationId, ({ items }) => items.filter((item) => item.id !== id)),
    clearQueue: (conversationId) => save(conversationId, { items: [] }),
    pauseQueue(conversationId) {
      const queue = queueOf(conversationId);
      if (queue.items.length > 0) save(conversationId, { ...queue, paused: { reason: 'you paused it', since: now() } });
    },
    resumeQueue(conversationId) {
      const { paused: _paused, ...queue } = queueOf(conversationId);
      const running = answeringIn(state(), conversationId);
      const [first, ...rest] = queue.items;
      // Nothing runs: the next question goes now (whatever the last answer did); else after the running one.
      if (!running && first) return send(conversationId, first, { ...queue, items: rest });
      save(conversationId, { ...queue, tab });
    },
    sendQueuedNow(conversationId, id) {
      const queue = queueOf(conversationId);
      const item = queue.items.find((known) => known.id === id);
      if (!item) return;
      const rest = { ...queue, items: queue.items.filter((known) => known.id !== id) };
      const running = answeringIn(state(), conversationId);
      if (!running) return send(conversationId, item, rest);
      save(conversationId, { ...rest, tab });
      void hooks.stopThen(running, () => send(conversationId, item, queueOf(conversationId)));
    },
    queueFirst(conversationId, text, choice) {
      const queue = queueOf(conversationId);
      const item: FollowUp = { id: context.newId(), text, choice };
      save(conversationId, { ...queue, items: [item, ...queue.items], tab });
      return item.id;
    },
    hold(conversationId) {
      held.set(conversationId, (held.get(conversationId) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(conversationId) ?? 1) - 1;
        if (left > 0) return void held.set(conversationId, left);
        held.delete(conversationId);
        if (!answeringIn(state(), conversationId)) drain(conversationId);
      };
    },
    /** The person stopped the conversation's answer: what is queued waits for them. */
    stopped(conversationId) {
      const queue = queueOf(conversationId);
      if (queue.items.length > 0 && !queue.paused)
        save(conversationId, { ...queue, paused: { reason: 'you stopped the answer', since: now() } });
    },
    /** A queue an earlier console kept as a draft joins the conversation's entry (once its entry is read). */
    adoptLegacy(conversationId) {
      const key = legacyFollowUpsKey(conversationId);
      void repository.draftOf(key).then(
        (text) => {
          const items = readLegacyFollowUps(text);
          if (items.length === 0 || !state().conversations[conversationId]) return;
          const queue = queueOf(conversationId);
          save(conversationId, { ...queue, items: [...queue.items, ...items] });
          void repository.saveDraft(key, '');
        },
        () => undefined,
      );
    },
    close: unsubscribe,
  };
}
