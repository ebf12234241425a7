import { describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store';

describe('the provider’s memory store', () => {
  it('keeps a live refresh token however many records come after it (no least-recently-used cut)', async () => {
    const store = memoryStore();
    const tokens = store('RefreshToken');
    const codes = store('AuthorizationCode');
    await tokens.upsert('rt-1', { grantId: 'g1', accountId: 'ana' }, 8 * 3600);
    for (let index = 0; index < 5000; index += 1) await codes.upsert(`code-${index}`, { grantId: `g${index}` }, 60);
    expect(await tokens.find('rt-1')).toMatchObject({ grantId: 'g1', accountId: 'ana' });
  });

  it('forgets a record once it expires, and sweeps it away', async () => {
    let clock = 1_000_000;
    const store = memoryStore(() => clock);
    const sessions = store('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'ana' }, 60);
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'ana' });
    clock += 61_000;
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('revokes every token of a grant together, and nothing of another grant', async () => {
    const store = memoryStore();
    const access = store('AccessToken');
    const refresh = store('RefreshToken');
    await access.upsert('at-1', { grantId: 'g1' }, 300);
    await refresh.upsert('rt-1', { grantId: 'g1' }, 3600);
    await refresh.upsert('rt-2', { grantId: 'g2' }, 3600);
    await refresh.revokeByGrantId('g1');
    expect(await access.find('at-1')).toBeUndefined();
    expect(await refresh.find('rt-1')).toBeUndefined();
    expect(await refresh.find('rt-2')).toMatchObject({ grantId: 'g2' });
  });

  it('marks a code consumed, and destroys one record by its id', async () => {
    const store = memoryStore(() => 5_000_000);
    const codes = store('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    expect(await codes.find('c1')).toMatchObject({ consumed: 5_000 });
    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
    // The same id of another model is another record.
    expect(await store('AccessToken').find('c1')).toBeUndefined();
  });
});
