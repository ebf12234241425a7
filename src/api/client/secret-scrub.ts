import { secretMatcher } from '@/domain/headers/secret-forms';
import { secretMask } from '@/domain/headers/secrets';

// Binary downloads are passed on untouched: a secret cannot be told from bytes there, and decoding would break them.
const isText = (contentType: string) => /json|text|event-stream|ndjson|jsonl|json-seq|xml/i.test(contentType);

/**
 * A text stream with secret values masked. A value never spans a line break (header values are one line), so a piece
 * is passed on up to its last line break, and past it all but the characters that could start a value: streamed
 * events (which end with a line break) go on at once.
 */
export function scrubStream(values: readonly string[]): TransformStream<string, string> {
  const matcher = secretMatcher(values);
  const scrubSecrets = (text: string) => matcher.scrub(text, secretMask);
  const hold = Math.max(0, matcher.longest - 1);
  let pending = '';
  return new TransformStream<string, string>({
    transform(piece, controller) {
      const text = scrubSecrets(pending + piece);
      const lastBreak = text.lastIndexOf('\n');
      const cut = Math.max(lastBreak + 1, text.length - hold);
      pending = text.slice(cut);
      if (cut > 0) controller.enqueue(text.slice(0, cut));
    },
    flush(controller) {
      if (pending) controller.enqueue(scrubSecrets(pending));
    },
  });
}

/**
 * The response with every secret header value masked in its text (a tool's report of the headers it received, a
 * model repeating a key), before the log, the stream readers or a record see it. Untouched without secrets or a body.
 */
export function scrubResponse(response: Response, values: readonly string[]): Response {
  const contentType = response.headers.get('content-type') ?? '';
  if (values.length === 0 || response.body === null || !isText(contentType)) return response;
  const body = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(scrubStream(values))
    .pipeThrough(new TextEncoderStream());
  const scrubbed = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The reader's error messages name the address and whether a redirect was followed.
  Object.defineProperties(scrubbed, {
    url: { value: response.url },
    redirected: { value: response.redirected },
    type: { value: response.type },
  });
  return scrubbed;
}
