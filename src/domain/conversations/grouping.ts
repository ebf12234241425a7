export type RecencyGroup = 'Pinned' | 'Today' | 'Yesterday' | 'Previous 7 days' | 'Older';

export interface Grouped<T> {
  label: RecencyGroup;
  items: T[];
}

const day = 24 * 60 * 60 * 1000;

/**
 * Newest first, in the groups a person scans by: pinned ones, then today, yesterday (local calendar days), the 7 days
 * before, older.
 */
export function groupByRecency<T extends { updatedAt: number; pinned?: boolean | undefined }>(
  items: readonly T[],
  now: number,
): Grouped<T>[] {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.getTime();
  // Calendar days, not 24-hour steps: a daylight-saving change makes one day 23 or 25 hours long.
  const dayBefore = (time: number, days: number) => {
    const date = new Date(time);
    date.setDate(date.getDate() - days);
    return date.getTime();
  };
  const yesterday = dayBefore(today, 1);
  const weekAgo = Math.min(dayBefore(today, 7), today - 7 * day);
  const groups: Grouped<T>[] = [
    { label: 'Pinned', items: [] },
    { label: 'Today', items: [] },
    { label: 'Yesterday', items: [] },
    { label: 'Previous 7 days', items: [] },
    { label: 'Older', items: [] },
  ];
  const slot = (item: T) =>
    item.pinned ? 0 : item.updatedAt >= today ? 1 : item.updatedAt >= yesterday ? 2 : item.updatedAt >= weekAgo ? 3 : 4;
  for (const item of [...items].sort((a, b) => b.updatedAt - a.updatedAt)) groups[slot(item)]?.items.push(item);
  return groups.filter((group) => group.items.length > 0);
}
