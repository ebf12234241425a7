import { useMemo } from 'react';
import { childrenByParent } from '@/domain/conversations/versions';
import { readInteractiveRequest } from '@/domain/interactive/surface';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { isTurnActive, type Turn } from '@/features/chat/runtime/turn';
import { InteractiveForm, type RequestStage } from './interactive-form';
import './interactive.css';

/** The turn shown after `turn` (the chosen version, else the newest), as it is now (live while it answers). */
function useNextTurn(conversationId: string, turn: Turn): Turn | undefined {
  const saved = useChat((state) => {
    const versions =
      childrenByParent((state.turns[conversationId] ?? []).filter((other) => other.parentId === turn.id)).get(
        turn.id,
      ) ?? [];
    const selected = state.conversations[conversationId]?.selection[turn.id];
    return versions.find((version) => version.id === selected) ?? versions.at(-1);
  });
  const live = useChat((state) => (saved ? state.live[saved.id]?.turn : undefined));
  return live ?? saved;
}

/**
 * The question an agent asked in this turn (`interactive_request`), as a form. It can be answered only while it
 * is the conversation's last turn and nothing streams; once answered it shows what was chosen. A refused answer
 * (the server's 422) leaves it open with the values kept.
 */
export function InteractiveBlock({ turn, conversationId }: { turn: Turn; conversationId: string }) {
  const runtime = useChatRuntime();
  const raw = turn.answer.interactiveRequest;
  const request = useMemo(() => readInteractiveRequest(raw), [raw]);
  const next = useNextTurn(conversationId, turn);
  const streaming = useChat((state) =>
    Object.values(state.live).some((live) => live.conversationId === conversationId),
  );
  if (!request) {
    return (
      <div className="answer-warning" role="note">
        The assistant asked for input in a form this console cannot read:
        <pre>{typeof raw === 'string' ? raw : JSON.stringify(raw, null, 2)}</pre>
      </div>
    );
  }
  const answer = next?.interactiveResponse?.request_id === request.requestId ? next : undefined;
  const refused = answer?.status === 'failed' ? answer : undefined;
  let stage: RequestStage;
  if (answer && isTurnActive(answer)) stage = 'sending';
  else if (next && !answer) stage = 'passed';
  else if (answer && !refused) stage = 'answered';
  else stage = streaming || isTurnActive(turn) ? 'waiting' : 'open';
  return (
    <InteractiveForm
      request={request}
      assistantName={turn.assistantName}
      stage={stage}
      answer={answer?.interactiveResponse}
      chip={answer?.question}
      refusal={refused?.error ? (refused.error.serverMessage ?? refused.error.title) : undefined}
      onAnswer={(text, response) => runtime.respond(conversationId, turn, text, response)}
    />
  );
}
