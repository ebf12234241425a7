import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { ChatServicesProvider } from '@/features/chat/chat-services-provider';
import { ServerExportPanel } from './server-export-panel';
import { ShareLinkPanel } from './share-link-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderInChat(
  ui: ReactNode,
  answer: (url: string, init: RequestInit | undefined) => Response,
  secret?: { name: string; value: string },
) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const built = servicesForTest({
    start: false,
    fetch: async (input, init) => {
      calls.push({ url: String(input), init });
      return answer(String(input), init);
    },
  });
  if (secret)
    built.services.headers.profiles.getState().profileCreated('Keys', [{ id: 'r1', ...secret, enabled: true }]);
  renderWithServices(<ChatServicesProvider services={built.services.chat}>{ui}</ChatServicesProvider>, {
    with: built,
  });
  return calls;
}

/** jsdom has no clipboard: a test gives one, or leaves it out as a page not served securely has none. */
function giveClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ShareLinkPanel', () => {
  const props = { conversationId: 'c1', title: 'Weekly', onClose: () => undefined };
  /** A server whose copy of the chat holds no secret value, and whose share route answers `share`. */
  const sharing = (share: () => Response) => (url: string) =>
    url.endsWith('/v1/conversations/c1') ? json({ id: 'c1', conversation_name: 'Weekly', history: [] }) : share();

  it('shares the chat and copies the console’s own /share/<token> link', async () => {
    const writeText = vi.fn(async () => undefined);
    giveClipboard(writeText);
    const calls = renderInChat(
      <ShareLinkPanel {...props} onUnsupported={() => undefined} />,
      sharing(() => json({ token: 'tok-1' })),
    );
    expect(await screen.findByText(/^Link copied\./)).toBeVisible();
    const link = `${window.location.origin}/share/tok-1`;
    expect(screen.getByLabelText('Share link')).toHaveValue(link);
    expect(writeText).toHaveBeenCalledWith(link);
    // The server's copy is read first (it holds no secret value here), then the share is made.
    expect(calls.map((call) => `${call.init?.method ?? 'GET'} ${call.url}`)).toEqual([
      'GET http://api.test/code-assistant-api/v1/conversations/c1',
      'POST http://api.test/code-assistant-api/v1/share/conversations',
    ]);
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ chat_id: 'c1' });
  });

  it('when the server’s copy holds a secret header value, shares only once the person says so', async () => {
    const key = 'tt_live/4242abcd';
    const calls = renderInChat(
      <ShareLinkPanel {...props} onUnsupported={() => undefined} />,
      (url) =>
        url.endsWith('/v1/conversations/c1')
          ? json({ id: 'c1', conversation_name: `Key ${encodeURIComponent(key)}`, history: [] })
          : json({ token: 'tok-3' }),
      { name: 'X-Tool-Token', value: key },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat, as the server keeps it, holds a secret header value in clear',
    );
    expect(calls).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Share with the secret value' }));
    expect(await screen.findByLabelText('Share link')).toHaveValue(`${window.location.origin}/share/tok-3`);
    expect(calls.map((call) => call.init?.method ?? 'GET')).toEqual(['GET', 'POST']);
  });

  it('when the server’s copy cannot be read to check, asks before sharing', async () => {
    const calls = renderInChat(<ShareLinkPanel {...props} onUnsupported={() => undefined} />, (url) =>
      url.endsWith('/v1/conversations/c1')
        ? json({ error: { message: 'Service Unavailable', details: null, help: null } }, 503)
        : json({ token: 'tok-4' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be checked');
    expect(calls.map((call) => call.init?.method ?? 'GET')).toEqual(['GET']);
    await userEvent.click(screen.getByRole('button', { name: 'Share anyway' }));
    expect(await screen.findByLabelText('Share link')).toHaveValue(`${window.location.origin}/share/tok-4`);
  });

  it('without a clipboard (or refused) the link stays on screen to copy', async () => {
    renderInChat(
      <ShareLinkPanel {...props} onUnsupported={() => undefined} />,
      sharing(() => json({ token: 'tok-2' })),
    );
    expect(await screen.findByText(/^Copy this link/)).toBeVisible();
    expect(screen.getByLabelText('Share link')).toHaveValue(`${window.location.origin}/share/tok-2`);
  });

  it('a server without the route is reported once', async () => {
    const onUnsupported = vi.fn();
    renderInChat(
      <ShareLinkPanel {...props} onUnsupported={onUnsupported} />,
      sharing(() => json({ detail: 'Not Found' }, 404)),
    );
    await vi.waitFor(() => expect(onUnsupported).toHaveBeenCalledTimes(1));
  });

  it('a refusal shows the server’s words', async () => {
    renderInChat(
      <ShareLinkPanel {...props} onUnsupported={() => undefined} />,
      sharing(() => json({ error: { message: 'Access denied', details: 'not yours', help: null } }, 401)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The chat could not be shared');
  });
});

describe('ServerExportPanel', () => {
  it('asks for the format with tool outputs on request and saves the file under the server’s name', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = renderInChat(
      <ServerExportPanel
        conversationId="c1"
        title="Weekly"
        onUnsupported={() => undefined}
        onClose={() => undefined}
      />,
      () =>
        new Response('PK', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'content-disposition': 'attachment; filename="Weekly report.docx"',
          },
        }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'DOCX');
    await userEvent.click(screen.getByLabelText('Include tool outputs'));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded Weekly report.docx.');
    expect(saved).toEqual(['Weekly report.docx']);
    // The server's copy is read as JSON first (masked by the client): it holds no secret value, so the DOCX follows.
    expect(calls.map((call) => call.url)).toEqual([
      'http://api.test/code-assistant-api/v1/conversations/c1/export?export_format=json&include_tool_outputs=true',
      'http://api.test/code-assistant-api/v1/conversations/c1/export?export_format=docx&include_tool_outputs=true',
    ]);
  });

  it('when the server’s copy holds a secret header value, a PDF waits for the person: masked JSON, or the PDF', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const key = 'tt_live/4242abcd';
    const calls = renderInChat(
      <ServerExportPanel
        conversationId="c1"
        title="Weekly"
        onUnsupported={() => undefined}
        onClose={() => undefined}
      />,
      (url) =>
        url.includes('export_format=pdf')
          ? new Response('%PDF-', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="Weekly.pdf"',
              },
            })
          : new Response(JSON.stringify({ history: [{ message: `Your key: ${btoa(`leaky:${key}`)}` }] }), {
              headers: {
                'content-type': 'application/json',
                'content-disposition': 'attachment; filename="Weekly.json"',
              },
            }),
      { name: 'X-Tool-Token', value: key },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat, as the server keeps it, holds a secret header value in clear',
    );
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON instead (masked)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded Weekly.json.');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF with the secret value' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded Weekly.pdf.');
    expect(saved).toEqual(['Weekly.json', 'Weekly.pdf']);
    expect(calls.map((call) => new URL(call.url).searchParams.get('export_format'))).toEqual([
      'json',
      'json',
      'json',
      'pdf',
    ]);
  });

  it('a server without the route is reported; another failure is said in place', async () => {
    const onUnsupported = vi.fn();
    const replies = [json({ detail: 'Method Not Allowed' }, 405), json({ error: { message: 'Boom' } }, 500)];
    renderInChat(
      <ServerExportPanel conversationId="c1" title="Weekly" onUnsupported={onUnsupported} onClose={() => undefined} />,
      () => replies.shift() ?? json({}, 500),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(onUnsupported).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not export this chat');
  });
});
