import type { LoggedCall } from '@/api/client/request-log';
import { scrubResponse } from '@/api/client/secret-scrub';
import { readStreamBody, type BodyRead } from './stream-decode';
import type { AnswerStreamEnd, StreamHandlers } from './stream-types';

/**
 * Where a streamed call is fetched and its body read into chunks: on the page, or in a worker that hands the page
 * what arrived at most once per frame. The client's logic (token, headers, renewal after a 401, the request log) stays
 * on the page either way; only the response and its decoding move.
 */
export interface StreamTransport {
  /** Sends a streamed call: the client's own fetch unless given. */
  fetch?: typeof fetch;
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

/** The stream read on the page, as it arrives: where no worker can run (Node, a jsdom test, a browser refusing one). */
export const inPageStreams: StreamTransport = {
  scrub: scrubResponse,
  read: (response, read, handlers, log) => readStreamBody(response, read, handlers, log),
};
