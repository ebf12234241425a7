// Contract: refusals, 500 bodies, request ids and CORS as real servers answer them (DEPLOYED-API §8, PLATFORM-FACTS).
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../test-support';

const { analyst, platform } = platformWithAnalyst(1);
const model = (id: string) => `/assistants/${id}/model`;
type ErrorBody = { error: { message: string; details: unknown; help?: string | null } };

describe('refusals', () => {
  it('tells "Authentication failed" (WWW-Authenticate invalid_token) from "Access denied" (none) and the one 403', async () => {
    const anonymous = await api(platform(), undefined)(model(ids.general), { body: { text: 'hi' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('invalid_token');
    expect(((await anonymous.json()) as ErrorBody).error).toMatchObject({
      message: 'Authentication failed',
      details: expect.stringContaining('Missing bearer token'),
    });

    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    const denied = await viewer(model(ids.finance), { body: { text: 'audit' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toBeNull();
    expect(((await denied.json()) as ErrorBody).error.message).toBe('Access denied');
    const workflow = await viewer(`/workflows/${ids.payroll}/executions`, { body: {} });
    expect(workflow.status).toBe(401);
    expect(((await workflow.json()) as ErrorBody).error.message).toBe('Access denied');

    const seed = await viewer(model(ids.restricted), { body: { text: 'hi' } });
    expect(seed.status).toBe(403);
    expect(((await seed.json()) as ErrorBody).error.message).toContain("'Restricted (403)'");
  });
});

describe('request ids', () => {
  it('sets no request-id header on any response', async () => {
    for (const response of [
      await analyst('/llm_models'),
      await analyst(model(ids.broken), { body: { text: 'x' } }),
      await analyst('/nothing'),
    ]) {
      const names: string[] = [];
      response.headers.forEach((_value, name) => names.push(name));
      expect(names.filter((name) => /request.?id|correlation/i.test(name))).toEqual([]);
    }
  });

  it('puts the incoming X-Request-ID in the generic 500 body, else a fresh uuid4', async () => {
    const sent = await analyst(model(ids.faultInjector), {
      body: { text: 'unhandled' },
      headers: { 'X-Request-ID': 'trace-42' },
    });
    expect(sent.status).toBe(500);
    const body = (await sent.json()) as ErrorBody;
    expect(body.error.message).toMatch(
      /^Internal Server Error\. <br> Stacktrace: Error: Simulated unhandled exception/,
    );
    expect(body.error.message).toMatch(/\nrequest_id=trace-42$/);
    expect(body.error.details).toBe('An unexpected error occurred while processing the request.');
    expect(body.error.help).toBe('Please try again later or contact support if the problem persists.');
    const fresh = (await (
      await analyst(model(ids.faultInjector), { body: { text: 'unhandled' } })
    ).json()) as ErrorBody;
    expect(fresh.error.message).toMatch(
      /request_id=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('forwards the incoming X-Request-ID to MCP tools like any X-* header', async () => {
    const response = await analyst(model(ids.headerInspector), {
      body: { text: 'which?', propagate_headers: true },
      headers: { 'X-Request-ID': 'trace-7' },
    });
    expect(((await response.json()) as { generated: string }).generated).toContain('trace-7');
  });
});

describe('CORS', () => {
  it('exposes only Content-Disposition and allows credentials', async () => {
    const response = await fetch(`${platform().apiBaseUrl}/v1/llm_models`, {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

/** The raw stream with the arrival time of each piece. */
async function timedPieces(response: Response): Promise<{ at: number; text: string }[]> {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const pieces: { at: number; text: string }[] = [];
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) return pieces;
    pieces.push({ at: performance.now(), text: decoder.decode(value, { stream: true }) });
  }
}

describe('Slow Tool', () => {
  it('sends the tool-start thought, then no byte until the tool ends ("silent 1.5")', async () => {
    const response = await analyst(model(ids.slowTool), { body: { text: 'silent 1.5', stream: true } });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const pieces = await timedPieces(response);
    const text = pieces.map((piece) => piece.text).join('');
    expect(text).toContain('"tool_name":"slow_task"');
    expect(text).toContain('finished after 1.5 s of silence');
    const gaps = pieces.slice(1).map((piece, index) => piece.at - (pieces[index]?.at ?? 0));
    expect(Math.max(...gaps)).toBeGreaterThan(1400);
    const startedAt = pieces.findIndex((piece) => piece.text.includes('"status":"running"'));
    const endedAt = pieces.findIndex((piece) => piece.text.includes('"status":"completed"'));
    expect((pieces[endedAt]?.at ?? 0) - (pieces[startedAt]?.at ?? 0)).toBeGreaterThan(1400);
  });
});

describe('Literal Braces', () => {
  it('escapes }{ in streamed text, keeps the final generated as written (a literal }_{ included)', async () => {
    const response = await analyst(model(ids.literalBraces), { body: { text: 'Show the JSON sample', stream: true } });
    const text = await response.text();
    expect(text).toContain(String.raw`"generated_chunk":"{\"a\":1}_{\"b\":2}\n`);
    const json = (await (
      await analyst(model(ids.literalBraces), { body: { text: 'Show the JSON sample' } })
    ).json()) as { generated: string };
    expect(json.generated).toContain('{"a":1}{"b":2}\n{"a":1}_{"b":2}');
    expect(text).toContain(JSON.stringify(json.generated));
  });
});
