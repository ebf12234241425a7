import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { errorFromResponse, type ApiClient } from '@/api/client/http-client';
import { secretMatcher } from '@/domain/headers/secret-forms';
import { secretMask } from '@/domain/headers/secrets';
import { fileNameOfDisposition } from '@/lib/content-disposition';
import { serverConversationSchema } from './conversation-schemas';

// Current servers' conversation shares and exports (CURRENT-SERVERS.md §4). A server without the routes answers 404
// "Not Found" or 405 (`isRouteMissing`): the console then offers neither.

const shareSchema = z.looseObject({ token: z.string().min(1) });

/** Shares the person's conversation (its owner only); answers the share's token. Sharing again answers the same one. */
export async function createShare(client: ApiClient, conversationId: string): Promise<string> {
  const share = await client.json('/v1/share/conversations', shareSchema, {
    method: 'POST',
    body: { chat_id: conversationId },
  });
  return share.token;
}

/** GET /v1/share/conversations/{token}: the conversation, and its files through the share (bare token → URL). */
export const sharedConversationSchema = serverConversationSchema.extend({
  share_token: z.string().nullish(),
  shared_file_urls: z.record(z.string(), z.string()).nullish().catch(null),
});
export type SharedConversation = z.output<typeof sharedConversationSchema>;

export const sharedConversationQuery = (client: ApiClient, token: string) =>
  queryOptions({
    queryKey: ['share', client.baseUrl, token] as const,
    queryFn: ({ signal }) =>
      client.json(`/v1/share/conversations/${encodeURIComponent(token)}`, sharedConversationSchema, { signal }),
    staleTime: 30_000,
    retry: false,
  });

export type ServerExportFormat = 'pdf' | 'docx' | 'json';

/**
 * The conversation as a file the server makes (GET /v1/conversations/{id}/export). Tool outputs are asked for only
 * when wanted (the server ignores the flag for JSON). The name is the server's (Content-Disposition).
 */
export async function exportFromServer(
  client: ApiClient,
  conversationId: string,
  format: ServerExportFormat,
  includeToolOutputs: boolean,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const params = new URLSearchParams({ export_format: format });
  if (includeToolOutputs) params.set('include_tool_outputs', 'true');
  const { response, ids, scrub } = await client.send(
    `/v1/conversations/${encodeURIComponent(conversationId)}/export?${params.toString()}`,
    { method: 'GET' },
    '*/*',
  );
  if (!response.ok) throw await errorFromResponse(response, ids);
  const fileName = fileNameOfDisposition(response.headers.get('content-disposition'));
  if (format !== 'json') return { blob: await response.blob(), fileName };
  // The JSON export is text whatever type the server gives it (a download may come as octet-stream, which the client
  // does not read as text): its secret values are masked here too.
  const text = secretMatcher(scrub).scrub(await response.text(), secretMask);
  return { blob: new Blob([text], { type: 'application/json' }), fileName };
}
