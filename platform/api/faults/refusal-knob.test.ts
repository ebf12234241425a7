// The in-band refusal knob: one person's calls end in a budget (or other limit) refusal, with HTTP 200.
import { describe, expect, it } from 'vitest';
import type { WireChunk } from '../../wire';
import { ids, platformWithAnalyst } from '../../test-support';

const { analyst, platform } = platformWithAnalyst(1);

const knob = (query: string) => fetch(`${platform().origin}/__test/refusal?${query}`, { method: 'POST' });

const chunksOf = async (response: Response): Promise<WireChunk[]> =>
  (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice('data: '.length)) as WireChunk);

describe('the refusal knob', () => {
  it('refuses the person’s calls in band: part of an answer, then the limit’s code and the server’s text', async () => {
    expect((await knob('user=analyst&code=budget_exceeded')).status).toBe(200);
    const response = await analyst(`/assistants/${ids.general}/model`, { body: { text: 'Q3 revenue', stream: true } });
    expect(response.status).toBe(200);
    const chunks = await chunksOf(response);
    expect(chunks.some((chunk) => chunk.generated_chunk)).toBe(true);
    const last = chunks.find((chunk) => chunk.last === true);
    expect(last).toMatchObject({ execution_error: 'budget_exceeded' });
    expect(last?.generated).toMatch(/Budget has been exceeded/);

    // Lifted: the next call is answered as usual.
    await knob('user=analyst&code=off');
    const again = await chunksOf(
      await analyst(`/assistants/${ids.general}/model`, { body: { text: 'Q3 revenue', stream: true } }),
    );
    expect(again.find((chunk) => chunk.last === true)?.execution_error).toBeNull();
  });

  it('refuses one conversation only, leaving the person’s other conversations alone', async () => {
    const refused = crypto.randomUUID();
    await knob(`conversation=${refused}&code=token_limit_exceeded`);
    const ask = async (conversationId: string) =>
      (
        await chunksOf(
          await analyst(`/assistants/${ids.general}/model`, {
            body: { text: 'hello', stream: true, conversation_id: conversationId },
          }),
        )
      ).find((chunk) => chunk.last === true)?.execution_error;
    expect(await ask(refused)).toBe('token_limit_exceeded');
    expect(await ask(crypto.randomUUID())).toBeNull();
  });

  it('needs a conversation or a user, and a code', async () => {
    expect((await knob('user=analyst')).status).toBe(400);
    expect((await knob('code=budget_exceeded')).status).toBe(400);
  });
});
