import type { LoggedCall } from '@/api/client/request-log';
import type { BodyRead } from './stream-decode';
import type { AnswerStreamEnd, StreamHandlers } from './stream-types';

/** A stream the transport holds, with what its reader needs of the call: the log entry, the values to mask. */
export interface HeldStream {
  response: Response;
  log: LoggedCall | undefined;
  scrub: readonly string[];
}

/**
 * Where a streamed call is fetched and its body read into chunks: by the stream worker's code (worker-streams.ts),
 * which hands the page what arrived at most once per frame. The client's logic (token, headers, renewal after a 401,
 * the request log) stays on the page; only the response and its decoding move.
 */
export interface StreamTransport {
  /** Sends a streamed call. */
  fetch: typeof fetch;
  /** Whether the response's body stayed with the transport: it is read (and its secret values masked) there. */
  holds(response: Response): boolean;
  /**
   * Reads an opened stream to its end, handing each chunk (and piece for `log`) over with when it arrived, the values
   * of `scrub` masked.
   */
  read(stream: HeldStream, read: BodyRead, handlers: StreamHandlers): Promise<AnswerStreamEnd>;
  /** Lets go of what the transport runs (its worker); a later call starts it again. */
  close?(): void;
}
