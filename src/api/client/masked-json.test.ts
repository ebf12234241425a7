// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { secretMask } from '@/domain/headers/secrets';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import type { HeaderProvider } from './http-client';
import { MaskedJsonResponse } from './masked-json';

const key = 'k-7f3a9c21-live';

const provider: HeaderProvider = {
  headersFor: () => ({
    ok: true,
    forwarded: {
      profileName: 'Tenant A',
      propagate: true,
      headers: [{ name: 'X-Service-Token', template: secretMask, value: secretMask, stripped: false, secret: true }],
      notSent: [],
    },
    secrets: { 'X-Service-Token': key },
  }),
  secretValues: () => [key],
};

describe('a JSON answer with secret values', () => {
  it('is masked for the caller and the log, from one reading of its bytes', async () => {
    const answer = JSON.stringify({ items: [{ note: `echo ${key}` }, { note: `“${key}” again` }] });
    // The value cut across two reads, as a network may deliver it.
    const cut = answer.indexOf(key) + 4;
    const { fetchImpl } = fakeNetwork([
      { contentType: 'application/json', parts: [answer.slice(0, cut), answer.slice(cut)] },
    ]);
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const schema = z.object({ items: z.array(z.object({ note: z.string() })) });
    const read = await client.json('/v1/things', schema, { subject: 'j' });
    expect(read.items.map((item) => item.note)).toEqual([`echo ${secretMask}`, `“${secretMask}” again`]);
    await expect.poll(() => client.log.latestFor('j')?.responseBody).toContain(secretMask);
    expect(client.log.latestFor('j')?.responseBody).not.toContain(key);
  });

  it('gives readers of its bytes the masked text, and keeps the address and status', async () => {
    const source = new Response(JSON.stringify({ token: key, name: 'ünïcode' }), {
      status: 201,
      headers: { 'content-type': 'application/json', 'content-length': '99' },
    });
    const masked = new MaskedJsonResponse(source, [key]);
    expect(masked.status).toBe(201);
    expect(masked.headers.get('content-type')).toBe('application/json');
    // The masked text is not as long as the body that came.
    expect(masked.headers.get('content-length')).toBeNull();
    const bytes = await new Response(masked.clone().body).text();
    expect(bytes).toBe(JSON.stringify({ token: secretMask, name: 'ünïcode' }));
    expect(await masked.json()).toEqual({ token: secretMask, name: 'ünïcode' });
  });
});
