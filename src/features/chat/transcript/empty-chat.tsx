import { Link } from '@tanstack/react-router';
import { useAssistantDetail } from '@/features/chat/toolbar/use-assistant-catalog';
import type { KnownAssistant } from '@/features/chat/toolbar/selection-store';

/** An empty chat teaches: who the assistant is and what to ask it. */
export function EmptyChat({
  assistant,
  onStarter,
}: {
  assistant: KnownAssistant | null;
  onStarter(text: string): void;
}) {
  const detail = useAssistantDetail(assistant?.id);
  if (!assistant) {
    return (
      <div className="empty-chat">
        <h2>Choose an assistant to start</h2>
        <p className="muted">Pick one from the Assistant menu above, or add one by its ID.</p>
      </div>
    );
  }
  const description = detail.data?.description ?? assistant.description;
  const starters = detail.data?.conversation_starters ?? [];
  return (
    <div className="empty-chat">
      <h2>{detail.data?.name ?? assistant.name}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {starters.length ? (
        <div className="starters" role="group" aria-label="Conversation starters">
          {starters.map((starter) => (
            <button key={starter} type="button" className="starter" onClick={() => onStarter(starter)}>
              {starter}
            </button>
          ))}
        </div>
      ) : null}
      {detail.isPending && assistant ? <p className="muted small">Loading the assistant’s details…</p> : null}
      <p className="small muted">
        Or{' '}
        <Link to="/chat/side-by-side" className="ask-two-link">
          Ask two
        </Link>
        : this assistant and another (or another model) answer the same question side by side.
      </p>
    </div>
  );
}
