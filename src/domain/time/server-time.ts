// Real servers write timestamps as naive ISO-8601 in UTC ("2026-11-24T02:10:12.123000", no offset): read
// those as UTC, never as the browser's local time. A timestamp that names its offset keeps it.

const naive = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?$/;
const withOffset = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds since the epoch, or undefined for a value that is not a timestamp. */
export function serverTimeMs(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = value.trim();
  const plain = naive.exec(text);
  const offset = plain ? null : withOffset.exec(text);
  const parts = plain ?? offset;
  if (!parts) return undefined;
  // Microseconds are cut to milliseconds: not every engine parses more than three fraction digits.
  const fraction = parts[3] ? `.${parts[3].slice(0, 3).padEnd(3, '0')}` : '';
  const zone = plain ? 'Z' : (offset?.[4] ?? 'Z').replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${parts[1]}T${parts[2]}${fraction}${zone}`);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A server timestamp as a Date, or undefined. */
export const serverDate = (value: string | number | null | undefined): Date | undefined => {
  const ms = serverTimeMs(value);
  return ms === undefined ? undefined : new Date(ms);
};
