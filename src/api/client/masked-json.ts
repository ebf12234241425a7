import { secretMatcher } from '@/domain/headers/secret-forms';
import { secretMask } from '@/domain/headers/secrets';

/** A JSON answer read whole (not a stream of JSON lines or events). */
export const isWholeJson = (contentType: string) =>
  /json/i.test(contentType) && !/ndjson|jsonl|json-seq|event-stream/i.test(contentType);

/** What a reader's error messages name: the address, and whether a redirect was followed. */
export function keepAddress(copy: Response, source: Response): void {
  Object.defineProperties(copy, {
    url: { value: source.url },
    redirected: { value: source.redirected },
    type: { value: source.type },
  });
}

/** The headers but the length: the masked text is not as long as the body that came. */
function withoutLength(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-length');
  return copy;
}

/**
 * A JSON answer whose secret values are masked, decoded once (only for a caller that parses it whole): its bytes become text, the text is masked, and that text
 * is what `text()`, `json()` and the request log read. Only a reader of the body's bytes (a clone, an error reader)
 * has the masked text encoded again, when it reads.
 */
export class MaskedJsonResponse extends Response {
  readonly maskedText: Promise<string>;

  constructor(source: Response, values: readonly string[]) {
    const masked = source.text().then((raw) => secretMatcher(values).scrub(raw, secretMask));
    // Read even when nobody asks (the log does, later): a failed read is the reader's to report, not an unhandled one.
    masked.catch(() => undefined);
    super(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          controller.enqueue(new TextEncoder().encode(await masked));
          controller.close();
        },
      }),
      { status: source.status, statusText: source.statusText, headers: withoutLength(source.headers) },
    );
    this.maskedText = masked;
    keepAddress(this, source);
  }

  override text(): Promise<string> {
    return this.maskedText;
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.maskedText) as unknown;
  }
}
