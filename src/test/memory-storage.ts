/** A Web Storage in memory that can be made full (a quota in characters) and records every key written. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  readonly written: string[] = [];
  constructor(public quota = Infinity) {}
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce(
      (sum, [name, held]) => (name === key ? sum : sum + name.length + held.length),
      0,
    );
    if (used + key.length + value.length > this.quota)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
    this.written.push(key);
  }
}

/** A page whose storage areas are these (or throw on access, as some private modes do). */
export const pageWith = (areas: { local?: Storage | 'throws'; session?: Storage | 'throws' }) => {
  const reach = (area: Storage | 'throws' | undefined) => {
    if (area === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
    return area;
  };
  return {
    get localStorage() {
      return reach(areas.local);
    },
    get sessionStorage() {
      return reach(areas.session);
    },
  } as unknown as Window;
};
