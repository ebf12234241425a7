import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor } from '@/test/fake-network';
import { SharedConversationPage } from './shared-conversation-page';

const fileToken = btoa('10~text/plain3~bob9~notes.txt');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shared = {
  id: 'c1',
  conversation_name: 'Weekly report',
  user_name: 'Bob Owner',
  share_token: 's1',
  shared_file_urls: { [fileToken]: `${fileToken}?share_token=s1` },
  history: [
    { role: 'User', message: 'What changed this week?', historyIndex: 0, fileNames: [fileToken] },
    {
      role: 'Assistant',
      message: 'Two releases shipped.',
      historyIndex: 0,
      thoughts: [{ id: 't1', author_name: 'Header Inspector', input_text: '{"X-Api-Key":"secret-value"}' }],
    },
  ],
};

function renderPage(answer: (url: string) => Response) {
  const urls: string[] = [];
  const { client } = clientFor(async (input) => {
    urls.push(String(input));
    return answer(String(input));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SharedConversationPage client={client} token="s1" />
    </QueryClientProvider>,
  );
  return urls;
}

afterEach(() => vi.restoreAllMocks());

describe('SharedConversationPage', () => {
  it('shows the shared chat read-only: turns, the tools by name only, files through the share', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const urls = renderPage((url) =>
      url.includes('/v1/files/') ? new Response('notes', { headers: { 'content-type': 'text/plain' } }) : json(shared),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly report' })).toBeVisible();
    expect(urls[0]).toBe('http://api.test/code-assistant-api/v1/share/conversations/s1');
    expect(screen.getByText('Shared read-only by Bob Owner.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Question' })).toHaveTextContent('What changed this week?');
    expect(screen.getByRole('region', { name: 'Answer' })).toHaveTextContent('Two releases shipped.');
    expect(screen.getByText('Tools used: Header Inspector')).toBeVisible();
    expect(document.body).not.toHaveTextContent('secret-value');
    expect(screen.queryByRole('textbox')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    await vi.waitFor(() => expect(saved).toEqual(['notes.txt']));
    expect(urls.at(-1)).toBe(`http://api.test/code-assistant-api/v1/files/${fileToken}?share_token=s1`);
  });

  it('an unknown or deleted share (404 with the server’s words) says so', async () => {
    renderPage(() => json({ error: { message: 'Shared conversation not found', details: 'gone', help: null } }, 404));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is unknown or no longer shared');
  });

  it('a server without the route says it does not share chats', async () => {
    renderPage(() => json({ detail: 'Not Found' }, 404));
    expect(await screen.findByRole('alert')).toHaveTextContent('This server does not share chats by link.');
  });
});
