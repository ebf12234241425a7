import { createApiClient, type HeaderProvider } from '@/api/client/http-client';

export type Reply = {
  status?: number;
  contentType: string;
  parts: Array<string | Uint8Array>;
  failAfterParts?: boolean;
  /** After the parts the connection stays open and silent (a stalled server). */
  stallAfterParts?: boolean;
  /** Each part arrives this long after the one before (timers, so fake timers drive it). */
  partDelayMs?: number;
};

/** A fake network: each call answers with the next reply, its body delivered part by part as separate reads. */
export function fakeNetwork(replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    const reply = replies.shift();
    if (!reply) throw new TypeError('no more replies');
    const encoder = new TextEncoder();
    const parts = [...reply.parts];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (reply.partDelayMs && parts.length > 0)
          await new Promise((resolve) => setTimeout(resolve, reply.partDelayMs));
        if (reply.stallAfterParts && parts.length === 0) return new Promise<void>(() => undefined);
        const part = parts.shift();
        if (part !== undefined) controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
        else if (reply.failAfterParts) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    return new Response(body, { status: reply.status ?? 200, headers: { 'content-type': reply.contentType } });
  };
  return { calls, fetchImpl };
}

/** An API client on the fake network, with a token that renews once. */
export function clientFor(
  fetchImpl: typeof fetch,
  tokens = ['first', 'renewed'],
  headerProvider?: HeaderProvider,
  streamIdleTimeoutMs?: number,
) {
  let renewals = 0;
  const client = createApiClient({
    baseUrl: 'http://api.test/code-assistant-api',
    // Real servers send no request id back: the one the client sent is the call's id.
    newRequestId: () => 'req-42',
    fetchImpl,
    ...(streamIdleTimeoutMs !== undefined ? { streamIdleTimeoutMs } : {}),
    ...(headerProvider ? { headerProvider } : {}),
    tokens: {
      getAccessToken: async () => tokens[0] ?? null,
      renewAccessToken: async () => {
        renewals += 1;
        return tokens[1] ?? null;
      },
    },
  });
  return { client, renewals: () => renewals };
}
