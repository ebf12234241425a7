// Real servers write timestamps with Python's naive `datetime.isoformat()`: UTC wall time, microseconds, and no
// offset (DEPLOYED-API.md, "Timestamps"), e.g. 2026-11-24T02:10:12.123000. A client that appends nothing reads
// them as local time; the platform writes them exactly so, to keep that trap visible.

/** A moment as a real server writes it: `YYYY-MM-DDTHH:MM:SS.ffffff`, UTC, no offset. */
export function toNaiveUtc(moment: Date): string {
  return `${moment.toISOString().slice(0, 23)}000`;
}

/** Now, as a real server writes it. */
export const naiveUtcNow = (): string => toNaiveUtc(new Date());
