import type { LoggedCall } from '@/api/client/request-log';
import type { BodyRead } from './stream-decode';
import type { AnswerStreamEnd, StreamHandlers } from './stream-types';

/**
 * Where a streamed call is fetched and its body read into chunks: by the stream worker's code (worker-streams.ts),
 * which hands the page what arrived at most once per frame. The client's logic (token, headers, renewal after a 401,
 * the request log) stays on the page; only the response and its decoding move.
 */
export interface StreamTransport {
  /** Sends a streamed call. */
  fetch: typeof fetch;
  /** Masks secret header values in the response's text, wherever its body will be read. */
  scrub(response: Response, values: readonly string[]): Response;
  /** Reads an opened stream to its end, handing each chunk (and piece for the log) over with when it arrived. */
  read(
    response: Response,
    read: BodyRead,
    handlers: StreamHandlers,
    log: LoggedCall | undefined,
  ): Promise<AnswerStreamEnd>;
  /** Lets go of what the transport runs (its worker); a later call starts it again. */
  close?(): void;
}
