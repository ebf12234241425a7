export type RecencyGroup = 'Today' | 'Last 7 days' | 'Older';

export interface Grouped<T> {
  label: RecencyGroup;
  items: T[];
}

const day = 24 * 60 * 60 * 1000;

/** Newest first, in the groups a person scans by: today (local calendar day), the last 7 days, older. */
export function groupByRecency<T extends { updatedAt: number }>(items: readonly T[], now: number): Grouped<T>[] {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.getTime();
  const weekAgo = today - 6 * day;
  const groups: Grouped<T>[] = [
    { label: 'Today', items: [] },
    { label: 'Last 7 days', items: [] },
    { label: 'Older', items: [] },
  ];
  for (const item of [...items].sort((a, b) => b.updatedAt - a.updatedAt)) {
    const group = item.updatedAt >= today ? groups[0] : item.updatedAt >= weekAgo ? groups[1] : groups[2];
    group?.items.push(item);
  }
  return groups.filter((group) => group.items.length > 0);
}
