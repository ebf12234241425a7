// What the browser says about this origin's storage. Every call tolerates a browser without the API
// (older Safari, some private modes): the answer is then "unknown", never an exception.

export interface StorageEstimateView {
  usedBytes: number;
  quotaBytes: number;
}

export async function estimateStorage(): Promise<StorageEstimateView | null> {
  if (!navigator.storage?.estimate) return null;
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return usage === undefined || quota === undefined ? null : { usedBytes: usage, quotaBytes: quota };
  } catch {
    return null;
  }
}

/** True when the browser promised not to evict this origin's data under storage pressure. */
export async function isStoragePersisted(): Promise<boolean | null> {
  if (!navigator.storage?.persisted) return null;
  try {
    return await navigator.storage.persisted();
  } catch {
    return null;
  }
}

/** Asks the browser to keep this origin's data; it may say no (Chromium decides by site engagement). */
export async function requestPersistence(): Promise<boolean | null> {
  if (!navigator.storage?.persist) return null;
  try {
    return await navigator.storage.persist();
  } catch {
    return null;
  }
}

/** Bytes in MB with one decimal ("12.3 MB"); quotas in the thousands read as "2,048.0 MB". */
export const megabytes = (bytes: number): string =>
  `${(bytes / (1024 * 1024)).toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
