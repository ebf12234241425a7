import { useMemo, useState } from 'react';
import type { A2uiAnswer } from '@/domain/a2ui/answer';
import type { Surface } from '@/domain/a2ui/surface';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { isTurnActive, type Turn } from '@/features/chat/runtime/turn';
import { A2uiSurfaceView, type A2uiSurfaceState } from './a2ui-surface-view';
import { A2uiSurfaces } from './a2ui-surfaces';

const noEnvelopes: readonly unknown[] = [];

/** The answers that follow the asking turn (its versions, the newest last), as they are now. */
function useAnswers(conversationId: string, turn: Turn): readonly Turn[] {
  const saved = useChat((state) => state.turns[conversationId]);
  const live = useChat((state) => state.live);
  return useMemo(
    () =>
      (saved ?? [])
        .filter((other) => other.parentId === turn.id)
        .map((other) => live[other.id]?.turn ?? other)
        .sort((a, b) => a.startedAt - b.startedAt),
    [saved, live, turn.id],
  );
}

const surfaceOf = (answer: Turn): string | undefined => {
  const action = answer.a2uiAnswer?.action;
  if (typeof action !== 'object' || action === null) return undefined;
  const inner = (action as { action?: unknown }).action;
  if (typeof inner !== 'object' || inner === null) return undefined;
  const id = (inner as { surfaceId?: unknown }).surfaceId;
  return typeof id === 'string' ? id : undefined;
};

const sourceOf = (answer: Turn): string | undefined => {
  const inner = (answer.a2uiAnswer?.action as { action?: { sourceComponentId?: unknown } } | undefined)?.action;
  return typeof inner?.sourceComponentId === 'string' ? inner.sourceComponentId : undefined;
};

/**
 * The forms (A2UI) an agent asked with in this turn. The latest unanswered one is open; an answered one shows what was
 * sent and can be reopened (Edit) for a re-answer; one the conversation passed by is disabled. An answer the server
 * refuses (422) shows its words in the form, which comes back as it was.
 */
export function A2uiBlock({ turn, conversationId }: { turn: Turn; conversationId: string }) {
  const runtime = useChatRuntime();
  const { store, client } = useChatServices();
  const apiOrigin = new URL(client.baseUrl, window.location.href).origin;
  const envelopes = turn.answer.a2uiEnvelopes;
  const answers = useAnswers(conversationId, turn);
  const streaming = useChat((state) =>
    Object.values(state.live).some((live) => live.conversationId === conversationId),
  );
  const [editing, setEditing] = useState<string | null>(null);

  /** Sends the answer and settles when its turn ends: refused, with the server's words. */
  const submit = (answer: A2uiAnswer) =>
    new Promise<void>((resolve, reject) => {
      const answerId = runtime.answerForm(conversationId, turn.id, answer);
      if (!answerId) return reject(new Error('The conversation is no longer open here.'));
      const settle = () => {
        const state = store.getState();
        const now = state.live[answerId]?.turn ?? state.turns[conversationId]?.find((known) => known.id === answerId);
        if (!now || isTurnActive(now)) return false;
        if (now.status === 'failed')
          reject(new Error(now.error?.serverMessage ?? now.error?.title ?? 'The server refused this answer.'));
        else {
          setEditing(null);
          resolve();
        }
        return true;
      };
      if (settle()) return;
      const stop = store.subscribe(() => settle() && stop());
    });

  const stateOf = (surface: Surface, latest: boolean): A2uiSurfaceState => {
    const mine = answers.filter((answer) => surfaceOf(answer) === surface.surfaceId);
    const answer = mine.findLast((candidate) => candidate.status !== 'failed');
    if (mine.some(isTurnActive)) return { kind: 'busy' };
    if (editing === surface.surfaceId) return { kind: 'active' };
    if (answer)
      return {
        kind: 'submitted',
        dataModel: answer.a2uiAnswer?.dataModel,
        text: answer.question,
        sourceComponentId: sourceOf(answer),
        secretFields: answer.a2uiAnswer?.secretFields,
      };
    const passed = answers.some((other) => other.status !== 'failed' && surfaceOf(other) === undefined);
    if (!latest || passed) return { kind: 'stale' };
    return streaming || isTurnActive(turn) ? { kind: 'busy' } : { kind: 'active' };
  };

  return (
    <A2uiSurfaces envelopes={envelopes ?? noEnvelopes}>
      {(surface, latest) => {
        const state = stateOf(surface, latest);
        return (
          <A2uiSurfaceView
            surface={surface}
            state={state}
            busy={state.kind === 'busy'}
            ariaLabel={`${turn.assistantName} asks`}
            agentName={turn.assistantName}
            apiOrigin={apiOrigin}
            onSubmit={submit}
            onEdit={
              state.kind === 'submitted' && latest && !streaming ? () => setEditing(surface.surfaceId) : undefined
            }
          />
        );
      }}
    </A2uiSurfaces>
  );
}
