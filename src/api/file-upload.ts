import { z } from 'zod';
import { ApiError } from '@/domain/errors/api-error';
import { decodeFileUrl } from '@/domain/files/file-url';
import { errorFromResponse, networkError, type ApiClient, type CallIds } from './client/http-client';
import type { RequestKind } from './client/request-log';
import { failureMessage } from '@/domain/errors/describe-failure';

/** One picked file as the upload needs it (a browser File is one). */
export type UploadFile = Blob & { readonly name: string };

export interface UploadOutcome {
  /** Stored files, with the URL to send as `file_names`. */
  uploaded: { name: string; size: number; fileUrl: string }[];
  /** Files the server refused, with its reason (real servers store the others). */
  failed: { name: string; reason: string }[];
}

export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  signal?: AbortSignal | undefined;
  onProgress(loaded: number, total: number): void;
}

export interface UploadResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends one multipart request; fetch cannot report upload progress, XMLHttpRequest can. */
export type UploadSender = (request: SentUpload) => Promise<UploadResponse>;

const headersOf = (raw: string): Headers => {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
};

export const xhrSender: UploadSender = ({ url, headers, body, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, headers: headersOf(xhr.getAllResponseHeaders()), text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('The upload failed on the network.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });

const bulkAnswer = z.object({
  files: z.array(z.object({ file_url: z.string() })).nullish(),
  failed_files: z.record(z.string(), z.string()).nullish(),
});

/**
 * Uploads files in one `POST /v1/files/bulk` (field `files`, as real servers and their UI do), with progress,
 * the bearer token (renewed once on 401), a request id, and a request log entry like every other call.
 */
export async function uploadFiles(
  client: ApiClient,
  files: readonly UploadFile[],
  options: {
    onProgress?(loaded: number, total: number): void;
    signal?: AbortSignal;
    kind?: RequestKind;
    send?: UploadSender;
  } = {},
): Promise<UploadOutcome> {
  const { send = xhrSender, kind = 'workflow' } = options;
  const url = client.url('/v1/files/bulk');
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  const summary = `multipart/form-data: ${files.map((file) => `files=${file.name} (${file.size} bytes)`).join(', ')}`;

  const attempt = async (token: string | null): Promise<{ response: Response; ids: CallIds }> => {
    const requestId = client.requestId();
    const trace = client.traceContext();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(requestId ? { 'X-Request-ID': requestId } : {}),
      ...(trace ? { traceparent: trace.traceparent } : {}),
    };
    const logged = client.log.begin({
      kind,
      method: 'POST',
      url,
      headers,
      forwarded: null,
      body: summary,
      ...(requestId ? { requestId } : {}),
      ...(trace ? { traceId: trace.traceId, spanId: trace.spanId } : {}),
    });
    let answer: UploadResponse;
    try {
      answer = await send({
        url,
        headers,
        body,
        signal: options.signal,
        onProgress: (loaded, total) => options.onProgress?.(loaded, total),
      });
    } catch (cause) {
      logged.ended(options.signal?.aborted ? 'aborted' : 'failed', failureMessage(cause));
      if (options.signal?.aborted) throw cause;
      throw networkError(url, cause, requestId, trace?.traceId);
    }
    const response = new Response(answer.status === 204 ? null : answer.text, {
      status: answer.status,
      headers: answer.headers,
    });
    logged.responded(response);
    logged.body(answer.text);
    const ids = { ...(requestId ? { requestId } : {}), ...(trace ? { traceId: trace.traceId } : {}) };
    return { response, ids };
  };

  let called = await attempt(await client.tokens.getAccessToken());
  if (called.response.status === 401) {
    const renewed = await client.tokens.renewAccessToken().catch(() => null);
    if (renewed) called = await attempt(renewed);
  }
  const { response, ids } = called;
  if (!response.ok) throw await errorFromResponse(response, ids);
  const parsed = bulkAnswer.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiError({
      kind: 'protocol',
      status: response.status,
      url,
      details: 'The upload answer has no files list.',
    });

  // The answer lists the stored files' URLs in order; each URL names its file, so they are matched by name.
  const failed = Object.entries(parsed.data.failed_files ?? {}).map(([name, reason]) => ({ name, reason }));
  const uploaded = (parsed.data.files ?? []).map(({ file_url: fileUrl }, index) => {
    const name =
      decodeFileUrl(fileUrl)?.name ??
      files.filter((file) => !failed.some((failure) => failure.name === file.name))[index]?.name ??
      fileUrl;
    return { name, fileUrl, size: files.find((file) => file.name === name)?.size ?? 0 };
  });
  return { uploaded, failed };
}
