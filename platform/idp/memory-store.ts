import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

// The provider's records (sessions, grants, codes, tokens) in memory, each until it expires, with no cap on their
// number. oidc-provider's own memory adapter keeps the 1,000 most recently used: a test suite that signs dozens of
// people in and out in parallel pushes a live session's refresh token out of it, and that person's next renewal is
// refused (invalid_grant) although nothing ended their session.

interface Kept {
  payload: AdapterPayload;
  /** Epoch ms; Infinity for a record without a lifetime. */
  expiresAt: number;
}

/** How many writes between sweeps of expired records (reads skip them anyway). */
const sweepEvery = 500;

export function memoryStore(now: () => number = Date.now): AdapterFactory {
  const records = new Map<string, Kept>();
  /** Grant id → the keys of the tokens and codes issued under it (revoked together). */
  const grants = new Map<string, Set<string>>();
  const sessionsByUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  let writes = 0;

  const live = (key: string): AdapterPayload | undefined => {
    const kept = records.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt > now()) return kept.payload;
    records.delete(key);
    return undefined;
  };

  const sweep = () => {
    const at = now();
    for (const [key, kept] of records) if (kept.expiresAt <= at) records.delete(key);
    for (const [grantId, keys] of grants) {
      for (const key of keys) if (!records.has(key)) keys.delete(key);
      if (keys.size === 0) grants.delete(grantId);
    }
    for (const [uid, id] of sessionsByUid) if (!records.has(`Session:${id}`)) sessionsByUid.delete(uid);
    for (const [code, key] of byUserCode) if (!records.has(key)) byUserCode.delete(code);
  };

  const forget = (key: string) => {
    const payload = records.get(key)?.payload;
    records.delete(key);
    if (payload?.grantId) grants.get(payload.grantId)?.delete(key);
    if (payload?.userCode) byUserCode.delete(payload.userCode);
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        forget(key);
        records.set(key, { payload, expiresAt: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Infinity });
        if (model === 'Session' && typeof payload.uid === 'string') sessionsByUid.set(payload.uid, id);
        if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key));
        if (payload.userCode) byUserCode.set(payload.userCode, key);
        if (++writes % sweepEvery === 0) sweep();
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        const id = sessionsByUid.get(uid);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async findByUserCode(userCode) {
        const key = byUserCode.get(userCode);
        return key === undefined ? undefined : live(key);
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        forget(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of grants.get(grantId) ?? []) records.delete(key);
        grants.delete(grantId);
      },
    };
  };
}
