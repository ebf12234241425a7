// Longest wait we honour: a server asking for more (or a date years ahead) is capped, so Retry comes back.
const maxWaitSeconds = 24 * 60 * 60;

/**
 * Reads an HTTP Retry-After value in either form RFC 9110 allows: delay-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`). Answers whole seconds to wait from `now` (ms), at least 1, or undefined
 * when the value is absent, unreadable or already past.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return seconds > 0 ? Math.min(seconds, maxWaitSeconds) : undefined;
  }
  const at = httpDate(text);
  if (!Number.isFinite(at)) return undefined;
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? Math.min(seconds, maxWaitSeconds) : undefined;
}

// The three date forms of RFC 9110 (IMF-fixdate, obsolete RFC 850, asctime), all in GMT. Date.parse alone
// would also take "1.5" or "soon 2030" as dates, and read asctime in the browser's time zone.
function httpDate(text: string): number {
  if (/^[A-Za-z]{3,9}, .+ GMT$/.test(text)) return Date.parse(text);
  if (/^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/.test(text)) return Date.parse(`${text} GMT`);
  return Number.NaN;
}
