import { describe, expect, it } from 'vitest';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { isRouteMissing } from '@/domain/errors/api-error';
import { secretMask } from '@/domain/headers/secrets';
import type { HeaderProvider } from '@/api/client/http-client';
import { createShare, exportFromServer, sharedConversationQuery } from './share-calls';

const json = (body: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  parts: [JSON.stringify(body)],
});

describe('share calls', () => {
  it('creates a share for the conversation (chat_id) and answers its token', async () => {
    const network = fakeNetwork([json({ token: 'tok-1', share_id: 'tok-1', chat_id: 'c1' })]);
    const { client } = clientFor(network.fetchImpl);
    expect(await createShare(client, 'c1')).toBe('tok-1');
    expect(network.calls[0]?.url).toBe('http://api.test/code-assistant-api/v1/share/conversations');
    expect(network.calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(network.calls[0]?.init?.body))).toEqual({ chat_id: 'c1' });
  });

  it('a server without the route is "route missing" (404 Not Found)', async () => {
    const network = fakeNetwork([json({ detail: 'Not Found' }, 404)]);
    const { client } = clientFor(network.fetchImpl);
    const error = await createShare(client, 'c1').catch((caught: unknown) => caught);
    expect(isRouteMissing(error)).toBe(true);
  });

  it('reads a share with its file map; a bad map is dropped, not fatal', async () => {
    const network = fakeNetwork([
      json({
        id: 'c1',
        conversation_name: 'Shared',
        history: [],
        share_token: 'tok-1',
        shared_file_urls: { f1: 'f1?share_token=tok-1' },
      }),
      json({ id: 'c2', conversation_name: 'Odd', history: [], shared_file_urls: ['not', 'a', 'map'] }),
    ]);
    const { client } = clientFor(network.fetchImpl);
    const read = async (token: string) => {
      const query = sharedConversationQuery(client, token);
      const run = query.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
      return run({ signal: new AbortController().signal });
    };
    expect(await read('tok-1')).toMatchObject({ shared_file_urls: { f1: 'f1?share_token=tok-1' } });
    expect(network.calls[0]?.url).toBe('http://api.test/code-assistant-api/v1/share/conversations/tok-1');
    expect(await read('tok 2')).toMatchObject({ id: 'c2', shared_file_urls: null });
    expect(network.calls[1]?.url).toContain('/v1/share/conversations/tok%202');
  });

  it('exports with the format and tool outputs only on request, named by the server', async () => {
    const file = { contentType: 'application/pdf', parts: ['%PDF-1.3'] };
    const network = fakeNetwork([file, { ...file }]);
    const fetchImpl: typeof fetch = async (input, init) => {
      // The fake network sends no headers beyond the type: the server's name is added here.
      const response = await network.fetchImpl(input, init);
      const headers = new Headers(response.headers);
      headers.set('content-disposition', `attachment; filename="Rsum.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`);
      return new Response(response.body, { status: response.status, headers });
    };
    const { client } = clientFor(fetchImpl);
    const plain = await exportFromServer(client, 'c1', 'pdf', false);
    expect(plain.fileName).toBe('Résumé.pdf');
    expect(await plain.blob.text()).toBe('%PDF-1.3');
    expect(network.calls[0]?.url).toBe(
      'http://api.test/code-assistant-api/v1/conversations/c1/export?export_format=pdf',
    );
    await exportFromServer(client, 'c1', 'docx', true);
    expect(network.calls[1]?.url).toContain('export_format=docx&include_tool_outputs=true');
  });

  it('masks the secret values of a JSON export whatever type the server gives it', async () => {
    const key = 'tt-live-4242abcd';
    const body = JSON.stringify({ history: [{ message: `echo ${key}` }] });
    const { fetchImpl } = fakeNetwork([{ contentType: 'application/octet-stream', parts: [body] }]);
    const provider: HeaderProvider = {
      headersFor: () => ({ ok: true, forwarded: { profileName: null, propagate: false, headers: [], notSent: [] } }),
      secretValues: () => [key],
    };
    const { client } = clientFor(fetchImpl, undefined, provider);
    const exported = await exportFromServer(client, 'c1', 'json', false);
    const text = await exported.blob.text();
    expect(text).not.toContain(key);
    expect(JSON.parse(text)).toEqual({ history: [{ message: `echo ${secretMask}` }] });
  });
});
