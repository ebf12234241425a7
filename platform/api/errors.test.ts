// The API's refusals: 401 (authentication failed, access denied), 400, the seed's 403, 404, 422, 500, FastAPI's 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningPlatform } from '../server';
import { api, ids, passwordToken, startTestPlatform } from '../test-support';

let platform: RunningPlatform;
let analyst: ReturnType<typeof api>;
let viewer: ReturnType<typeof api>;
let analystToken: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  analystToken = await passwordToken(platform, 'analyst');
  analyst = api(platform, analystToken);
  viewer = api(platform, await passwordToken(platform, 'viewer'));
});
afterAll(() => platform.close());

type ErrorBody = { error: { message: string; details: unknown; help: string | null } };

async function expectError(response: Response, status: number, message: RegExp): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-request-id')).toBeNull();
  const body = (await response.json()) as ErrorBody;
  expect(body.error.message).toMatch(message);
  expect(body.error).toHaveProperty('help');
  return body;
}

const model = (id: string) => `/assistants/${id}/model`;

describe('API errors', () => {
  it('answers 401 "Authentication failed" without a token and with a tampered one, the reason in details', async () => {
    const missing = await expectError(
      await api(platform, undefined)(model(ids.general), { body: { text: 'hi' } }),
      401,
      /^Authentication failed$/,
    );
    expect(missing.error.details).toMatch(/Missing bearer token/);
    const [header, payload, signature = ''] = analystToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, preferred_username: 'admin' })).toString('base64url');
    const tampered = api(platform, `${header}.${forged}.${signature}`);
    const forgedBody = await expectError(
      await tampered(model(ids.general), { body: { text: 'hi' } }),
      401,
      /^Authentication failed$/,
    );
    expect(forgedBody.error.details).toMatch(/signature/);
    const malformed = await api(platform, 'not-a-jwt')('/user');
    expect(malformed.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await expectError(malformed, 401, /^Authentication failed$/)).error.details).toMatch(
      /Malformed access token/,
    );
  });

  it('answers 400 for malformed JSON, a missing text, wrong types and a non-UUID id, naming the field', async () => {
    const malformed = await expectError(
      await analyst(model(ids.general), { rawBody: '{"text": ' }),
      400,
      /Malformed JSON/,
    );
    expect(malformed.error.details).toBeTruthy();
    const missing = await expectError(await analyst(model(ids.general), { body: { stream: false } }), 400, /text/);
    expect(missing.error.details).toMatch(/text/);
    const streamType = await expectError(
      await analyst(model(ids.general), { body: { text: 'x', stream: 'yes' } }),
      400,
      /stream/,
    );
    expect(streamType.error.details).toMatch(/stream/);
    await expectError(await analyst(model(ids.general), { body: { text: 42 } }), 400, /text/);
    await expectError(await analyst(model(ids.general), { body: { text: 'x', history: 42 } }), 400, /history/);
    await expectError(
      await analyst(model(ids.general), { body: { text: 'x', propagate_headers: 1 } }),
      400,
      /propagate_headers/,
    );
    await expectError(await analyst(model('not-a-uuid'), { body: { text: 'x' } }), 400, /Invalid assistant id/);
  });

  it('answers 404 for an unknown assistant and FastAPI-style 404 for an unknown route', async () => {
    await expectError(
      await analyst(model('a1000000-0000-4000-8000-0000000000ff'), { body: { text: 'x' } }),
      404,
      /not found/,
    );
    await expectError(await analyst('/assistants/id/a1000000-0000-4000-8000-0000000000ff'), 404, /not found/);
    const unknown = await analyst('/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not Found' });
  });

  it('answers 401 "Access denied" to the viewer on the Finance Auditor and the payroll workflow, with no WWW-Authenticate', async () => {
    const assistant = await viewer(model(ids.finance), { body: { text: 'audit' } });
    expect(assistant.headers.get('www-authenticate')).toBeNull();
    const body = await expectError(assistant, 401, /^Access denied$/);
    expect(body.error.details).toMatch(/permission to use the assistant 'Finance Auditor'/);
    await expectError(await viewer(`/workflows/${ids.payroll}/executions`, { body: {} }), 401, /^Access denied$/);
    expect((await analyst(model(ids.finance), { body: { text: 'audit' } })).status).toBe(200);
  });

  it("answers the seed's 403 only on Restricted (403)", async () => {
    await expectError(
      await viewer(model(ids.restricted), { body: { text: 'hello' } }),
      403,
      /permission to use the assistant 'Restricted \(403\)'/,
    );
    expect((await analyst(model(ids.restricted), { body: { text: 'hello' } })).status).toBe(200);
  });

  it('answers 422 for an unknown model, with FastAPI-like details', async () => {
    const body = await expectError(
      await analyst(model(ids.general), { body: { text: 'x', llmModel: 'gpt-9' } }),
      422,
      /Unknown LLM model 'gpt-9'/,
    );
    expect(body.error.details).toEqual([
      { loc: ['body', 'llmModel'], msg: "Unknown LLM model 'gpt-9'", type: 'value_error' },
    ]);
    await expectError(await analyst(model(ids.general), { body: { text: 'x', llm_model: 'nope' } }), 422, /nope/);
  });

  it('answers 500 from the Broken Assistant, streamed or not', async () => {
    for (const stream of [false, true]) {
      const response = await analyst(model(ids.broken), { body: { text: 'hello', stream } });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({
        error: {
          message: 'The assistant failed while generating an answer.',
          details: 'Upstream model timed out (simulated)',
          help: 'Try again later or pick another assistant.',
        },
      });
      expect(response.status).toBe(500);
    }
  });
});

describe('expired access tokens', () => {
  it('answers 401 "Authentication failed", details "Access token expired"', async () => {
    const shortLived = await startTestPlatform(2, 1);
    try {
      const token = await passwordToken(shortLived, 'analyst');
      await sleep(2100);
      const body = await expectError(await api(shortLived, token)('/user'), 401, /^Authentication failed$/);
      expect(body.error.details).toMatch(/^Access token expired/);
    } finally {
      await shortLived.close();
    }
  });
});
