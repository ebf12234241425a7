import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '@/api/client/http-client';
import { sharedConversationQuery, type SharedConversation } from '@/api/conversations/share-calls';
import { sharedTranscript } from '@/domain/conversations/shared-transcript';
import { describeError } from '@/domain/errors/describe-error';
import { isApiError, isRouteMissing, toApiError } from '@/domain/errors/api-error';
import { Markdown } from '@/ui/markdown/markdown';
import { SharedFile } from './shared-file';
import './share.css';

/** Why a share could not be read, in the reader's words. */
function problemText(error: unknown): string {
  if (isRouteMissing(error)) return 'This server does not share chats by link.';
  if (isApiError(error) && error.status === 404)
    return 'This link is unknown or no longer shared (the chat may have been deleted). Ask its owner for a new link.';
  const described = describeError(toApiError(error), 'catalog');
  return `The shared chat could not be read: ${described.serverMessage ?? described.title}`;
}

function Transcript({ client, conversation }: { client: ApiClient; conversation: SharedConversation }) {
  const turns = useMemo(() => sharedTranscript(conversation.history), [conversation.history]);
  const urls = conversation.shared_file_urls ?? {};
  if (turns.length === 0) return <p className="muted">This chat has no messages yet.</p>;
  return (
    <ol className="shared-turns">
      {turns.map((turn) => (
        <li key={turn.index} className="shared-turn">
          <section className="shared-question" aria-label="Question">
            <Markdown text={turn.question} />
            {turn.files.length > 0 ? (
              <ul className="shared-files" aria-label={`Files sent: ${turn.files.length}`}>
                {turn.files.map((file) => (
                  <SharedFile key={file} client={client} file={file} url={urls[file]} />
                ))}
              </ul>
            ) : null}
          </section>
          <section className="shared-answer" aria-label="Answer">
            {turn.answer === null ? <p className="muted">No answer was saved.</p> : <Markdown text={turn.answer} />}
            {turn.tools.length > 0 ? <p className="muted small">Tools used: {turn.tools.join(', ')}</p> : null}
          </section>
        </li>
      ))}
    </ol>
  );
}

/**
 * A conversation someone shared by link (`/share/<token>`), for any signed-in person: read-only (no composer, no
 * menus), its files through the share, its tools named but never their inputs or outputs.
 */
export function SharedConversationPage({ client, token }: { client: ApiClient; token: string }) {
  const shared = useQuery(sharedConversationQuery(client, token));
  return (
    <section className="shared-page" aria-labelledby="shared-title">
      {shared.isPending ? <p className="muted">Loading the shared chat…</p> : null}
      {shared.isError ? (
        <>
          <h1 id="shared-title">Shared chat</h1>
          <p role="alert">{problemText(shared.error)}</p>
        </>
      ) : null}
      {shared.data ? (
        <>
          <h1 id="shared-title">{shared.data.conversation_name || 'Untitled conversation'}</h1>
          <p className="muted small">
            Shared read-only
            {typeof shared.data['user_name'] === 'string' ? ` by ${shared.data['user_name']}` : ''}.
          </p>
          <Transcript client={client} conversation={shared.data} />
        </>
      ) : null}
    </section>
  );
}
