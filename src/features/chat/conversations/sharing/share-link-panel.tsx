import { useEffect, useState } from 'react';
import type { ApiClient } from '@/api/client/http-client';
import { getConversation } from '@/api/conversations/conversation-calls';
import { createShare } from '@/api/conversations/share-calls';
import { secretMask } from '@/domain/headers/secrets';
import { Button } from '@/ui/button';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { problemOf } from './problem-text';

type ShareState =
  | { step: 'checking' | 'creating' }
  /**
   * The server's copy holds a secret header value (or could not be read to tell): whoever opens the link would read
   * it, so the person decides.
   */
  | { step: 'holds-secret'; unsure: boolean }
  | { step: 'made'; link: string; copied: boolean }
  | { step: 'failed'; problem: string };

/**
 * Whether the chat as the server keeps it holds one of the person's secret header values (a tool or the model repeated
 * it): the client masks every text the server sends, so the mask shows where it does. Unknown (a failed read) is
 * 'unsure': the person decides then too.
 */
const serverCopyHoldsSecret = (client: ApiClient, conversationId: string): Promise<boolean | 'unsure'> =>
  getConversation(client, conversationId).then(
    (conversation) => JSON.stringify(conversation).includes(secretMask),
    () => 'unsure' as const,
  );

/** The console's own address of a share: `/share/<token>` on this origin, opened read-only by any signed-in person. */
const shareLink = (token: string) => `${window.location.origin}/share/${encodeURIComponent(token)}`;

/** Whether the text went to the clipboard: refused, or no clipboard at all (a page not served securely), is false. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shares the conversation on the server (its owner) and copies the link; the link also stays on screen, selectable,
 * where the clipboard is not allowed. A server without the share route says so once (`onUnsupported`).
 */
export function ShareLinkPanel({
  conversationId,
  title,
  onUnsupported,
  onClose,
}: {
  conversationId: string;
  title: string;
  onUnsupported(): void;
  onClose(): void;
}) {
  const { client } = useChatServices();
  const [state, setState] = useState<ShareState>({ step: 'checking' });
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    let current = true;
    const share = () =>
      createShare(client, conversationId).then(
        async (token) => {
          const link = shareLink(token);
          const copied = await copyText(link);
          if (current) setState({ step: 'made', link, copied });
        },
        (error: unknown) => {
          const problem = problemOf(error);
          if (problem === 'unsupported') onUnsupported();
          else if (current) setState({ step: 'failed', problem });
        },
      );
    const checked = confirmed ? Promise.resolve(false) : serverCopyHoldsSecret(client, conversationId);
    void checked.then((holds) => {
      if (!current) return;
      if (holds) return setState({ step: 'holds-secret', unsure: holds === 'unsure' });
      setState({ step: 'creating' });
      return share();
    });
    return () => {
      current = false;
    };
  }, [client, conversationId, onUnsupported, confirmed]);
  return (
    <div className="conversation-sharing small" role="group" aria-label={`Share ${title}`}>
      {state.step === 'checking' || state.step === 'creating' ? <p role="status">Creating a share link…</p> : null}
      {state.step === 'holds-secret' ? (
        <>
          <p role="alert">
            {state.unsure
              ? 'Whether this chat, as the server keeps it, holds a secret header value could not be checked (its copy could not be read).'
              : 'This chat, as the server keeps it, holds a secret header value in clear: a tool or the model repeated it.'}{' '}
            The console masks it here, but whoever opens a share link reads the server&apos;s copy.
          </p>
          <Button size="small" onClick={() => setConfirmed(true)}>
            {state.unsure ? 'Share anyway' : 'Share with the secret value'}
          </Button>
        </>
      ) : null}
      {state.step === 'made' ? (
        <>
          <p role="status">
            {state.copied
              ? 'Link copied. Anyone signed in who has it can read this chat.'
              : 'Copy this link (the clipboard was not allowed). Anyone signed in who has it can read this chat.'}
          </p>
          <input
            readOnly
            aria-label="Share link"
            value={state.link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </>
      ) : null}
      {state.step === 'failed' ? (
        <p role="alert" className="field-error">
          The chat could not be shared: {state.problem}
        </p>
      ) : null}
      <Button size="small" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
