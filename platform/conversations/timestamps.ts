// Timestamps as real servers write them: naive ISO-8601 in UTC with microseconds and no offset
// (Python's `datetime.now().isoformat()` on a UTC host), e.g. "2026-11-24T02:10:12.123000".

/** The naive timestamp of a moment; JavaScript has milliseconds, so the last three digits are zero. */
export function naiveTimestamp(at: Date = new Date()): string {
  return `${at.toISOString().slice(0, 23)}000`;
}
