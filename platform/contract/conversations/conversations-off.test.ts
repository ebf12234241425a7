// Contract: with PLATFORM_CONVERSATIONS=off the platform is a deployment without the conversations endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../config';
import type { RunningPlatform } from '../../server';
import { api, ids, passwordToken, startTestPlatform } from '../../test-support';

let platform: RunningPlatform;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  platform = await startTestPlatform(1, 600, undefined, { conversations: false });
  call = api(platform, await passwordToken(platform, 'analyst'));
});
afterAll(() => platform.close());

describe('conversations switched off', () => {
  it('answers 404 on every conversations route while the assistant call still answers', async () => {
    expect((await call('/conversations')).status).toBe(404);
    expect((await call('/conversations?page=0&per_page=50')).status).toBe(404);
    expect((await call('/conversations/search?query=abc')).status).toBe(404);
    expect((await call('/conversations/some-id')).status).toBe(404);
    expect((await call('/conversations/some-id', { method: 'PUT', body: { name: 'x' } })).status).toBe(404);
    const answer = await call(`/assistants/${ids.general}/model`, { body: { text: 'hello' } });
    expect(answer.status).toBe(200);
  });

  it('is on unless the environment says off', () => {
    expect(optionsFromEnv({}).conversations).toBe(true);
    expect(optionsFromEnv({ PLATFORM_CONVERSATIONS: 'off' }).conversations).toBe(false);
    expect(() => optionsFromEnv({ PLATFORM_CONVERSATIONS: 'maybe' })).toThrow(/PLATFORM_CONVERSATIONS/);
  });
});
