// Leaky Echo, over real HTTP: its tool receives the forwarded X-* headers and writes each in every encoded form, and
// the answer repeats them (the console's masking is tested against exactly this).
import { describe, expect, it } from 'vitest';
import { platformWithAnalyst } from '../test-support';
import type { WireAssistantAnswer } from '../wire';
import { leakedForms, leakyReport } from '../mcp/leaky-echo';
import { leakyEchoRun } from './leaky-echo';

const leakyEcho = 'a1000000-0000-4000-8000-0000000000fc';
const { analyst } = platformWithAnalyst(1);

describe('Leaky Echo', () => {
  it('leaks a forwarded header as is, base64, URL-safe base64, percent-encoded, in Basic auth and Markdown-escaped', async () => {
    const value = 'tt_live/42+x';
    const response = await analyst(`/assistants/${leakyEcho}/model`, {
      body: { text: 'Leak my headers', propagate_headers: true },
      headers: { 'X-Tool-Token': value },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as WireAssistantAnswer;
    const forms = leakedForms(value);
    expect(forms).toEqual({
      raw: value,
      base64: Buffer.from(value).toString('base64'),
      base64url: Buffer.from(value).toString('base64url'),
      percent: 'tt_live%2F42%2Bx',
      basic: `Basic ${Buffer.from(`leaky:${value}`).toString('base64')}`,
      markdown: 'tt\\_live/42+x',
    });
    const tool = answer.thoughts?.[0]?.children[0];
    expect(JSON.parse(tool?.message ?? '{}')).toEqual({
      tool: 'leaky_echo',
      count: 1,
      leaked: { 'x-tool-token': forms },
    });
    for (const form of Object.values(forms)) expect(answer.generated).toContain(form);
  });

  it('thinks aloud with the value as is and percent-encoded in pieces that cut it, so only their sum holds it', () => {
    const value = 'tt_live/42+x';
    const report = leakyReport({ 'x-tool-token': value });
    const run = leakyEchoRun(
      { question: 'Leak my headers', model: 'gpt-4.1-mini' },
      {
        server: 'local',
        tool: 'leaky_echo',
        args: {},
        result: { isError: false, text: JSON.stringify(report), json: report },
        propagate: true,
      },
    );
    const agentPieces = run.steps.flatMap((step) =>
      step.kind === 'chunk' && step.chunk.thought?.author_type === 'Agent' ? [step.chunk.thought.message] : [],
    );
    for (const piece of agentPieces) expect(piece.includes(value)).toBe(false);
    expect(agentPieces.join('')).toContain(`Noted x-tool-token = ${value} (percent: tt_live%2F42%2Bx).`);
  });

  it('says so when no header was forwarded', async () => {
    const response = await analyst(`/assistants/${leakyEcho}/model`, { body: { text: 'Leak my headers' } });
    const answer = (await response.json()) as WireAssistantAnswer;
    expect(answer.generated).toContain('no X-\\* header');
  });
});
