import type { Allowance } from '@/domain/approval/standing-allowances';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';

const none: readonly Allowance[] = [];

/**
 * The tools the person allowed for the rest of this chat (each for the assistant that asked), each with a way to take
 * it back (its next call asks again). Where the chat's assistants do not let it loosen their policy, the list says it
 * is not applied.
 */
export function StandingAllowances({ conversationId }: { conversationId: string }) {
  const runtime = useChatRuntime();
  const allowed = useChat((state) => state.conversations[conversationId]?.allowedTools ?? none);
  const applies = useChat((state) => state.allowancesApply[conversationId] === true);
  if (allowed.length === 0) return null;
  return (
    <section className="standing-allowances" aria-labelledby={`allowed-${conversationId}`}>
      <h3 id={`allowed-${conversationId}`} className="standing-allowances-title small">
        Allowed for the rest of this chat
      </h3>
      {applies ? null : (
        <p className="muted small">Not applied now: an assistant of this chat asks before every tool call.</p>
      )}
      <ul className="standing-allowances-list">
        {allowed.map((allowance) => (
          <li key={`${allowance.assistantId}:${allowance.toolName}`}>
            <span className="small">
              <span className="mono">{allowance.toolName}</span>{' '}
              <span className="muted">({allowance.assistantName})</span>
            </span>
            <button
              type="button"
              className="button button-small"
              aria-label={`Ask again before ${allowance.toolName} of ${allowance.assistantName}`}
              onClick={() => runtime.revokeAllowance(conversationId, allowance)}
            >
              Ask again
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
