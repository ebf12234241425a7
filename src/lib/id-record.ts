// Records keyed by ids that come from addresses, servers and imported files. Without a prototype, an id such as
// `__proto__`, `constructor` or `toString` reads as absent like any other unknown id, and writes as a plain entry.

/** A copy of the given records merged, later ones winning, with no prototype. */
export function idRecord<T>(...parts: readonly Readonly<Record<string, T>>[]): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (const part of parts) for (const key of Object.keys(part)) record[key] = part[key] as T;
  return record;
}

/** A copy with `id` set to `value`. */
export function withId<T>(record: Readonly<Record<string, T>>, id: string, value: T): Record<string, T> {
  const next = idRecord(record);
  next[id] = value;
  return next;
}

/** A copy without `id`. */
export function withoutId<T>(record: Readonly<Record<string, T>>, id: string): Record<string, T> {
  const next = idRecord(record);
  delete next[id];
  return next;
}
