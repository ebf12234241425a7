// Python's `json.dumps` with its defaults: ", " and ": " separators and ensure_ascii (every character outside
// printable ASCII as a lowercase \uXXXX escape). Real servers write some stream chunks this way (e.g. the
// workflow's state_interrupted chunk), unlike the compact chunks built elsewhere; clients must read both.

const escapeNonAscii = (json: string): string =>
  json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${escapeNonAscii(JSON.stringify(key))}: ${pythonJsonDumps(item)}`).join(', ')}}`;
  }
  if (typeof value === 'number' && !Number.isInteger(value)) return String(value);
  return escapeNonAscii(JSON.stringify(value));
}
