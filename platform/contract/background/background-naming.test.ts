// Contract: current servers' LLM chat naming after a new conversation's first turn (CURRENT-SERVERS.md §4), the
// in-progress flag's casings (§2.1), and the call's `llmModel` omitted / null / set (Corrections).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { platformWithAnalyst } from '../../test-support';
import { ask, eventually } from '../conversations/conversation-support';
import { lastItem, read, rest, settled, startWriting } from './background-support';

describe('chat naming (PLATFORM_CHAT_NAMING=true)', () => {
  const { analyst } = platformWithAnalyst(2, { contextualNaming: true });

  it('renames a new conversation about a second after its first turn', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'Explain "PKCE" in two paragraphs', conversation_id: id });
    expect((await read(analyst, id)).conversation_name).toBe('Explain "PKCE" in two paragraphs...');
    const named = await eventually(
      () => read(analyst, id),
      (body) => body.conversation_name === 'Chat about Explain PKCE in',
      4000,
    );
    expect(named.conversation_name).toBe('Chat about Explain PKCE in');
    // A second turn does not rename it again.
    await ask(analyst, { text: 'And now something else', conversation_id: id });
    // A chat begun after that turn is named: a naming the turn had started would have come before it.
    const later = randomUUID();
    await ask(analyst, { text: 'Explain OAuth scopes', conversation_id: later });
    await eventually(
      () => read(analyst, later),
      (body) => body.conversation_name.startsWith('Chat about'),
      4000,
    );
    expect((await read(analyst, id)).conversation_name).toBe('Chat about Explain PKCE in');
  });

  it('leaves a name the person set meanwhile, but not the console’s own truncated name', async () => {
    const renamed = randomUUID();
    await ask(analyst, { text: 'Compare SSE and WebSockets', conversation_id: renamed });
    await analyst(`/conversations/${renamed}`, { method: 'PUT', body: { name: 'My own name' } });
    const truncated = randomUUID();
    await ask(analyst, { text: 'Compare SSE and WebSockets', conversation_id: truncated });
    await analyst(`/conversations/${truncated}`, { method: 'PUT', body: { name: 'Compare SSE and WebSockets' } });
    // The chat asked second is named: the one asked first had its turn at a name before it.
    await eventually(
      () => read(analyst, truncated),
      (body) => body.conversation_name === 'Chat about Compare SSE and',
      4000,
    );
    expect((await read(analyst, renamed)).conversation_name).toBe('My own name');
  });

  it('waits for the turn to finish: no new name while it is in progress', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 300);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await read(analyst, id)).conversation_name).toBe('words 300...');
    await rest(reader);
    await settled(analyst, id);
    const named = await eventually(
      () => read(analyst, id),
      (body) => body.conversation_name === 'Chat about words 300',
      4000,
    );
    expect(named.conversation_name).toBe('Chat about words 300');
  });
});

describe('chat naming off (the default)', () => {
  const { analyst } = platformWithAnalyst(2);

  it('keeps the question-based name', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'Explain PKCE', conversation_id: id });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await read(analyst, id)).conversation_name).toBe('Explain PKCE...');
  });
});

describe('the in-progress flag’s casing (PLATFORM_IN_PROGRESS_CASING)', () => {
  const camel = platformWithAnalyst(2, { inProgressCasing: 'camel' });
  const both = platformWithAnalyst(2, { inProgressCasing: 'both' });

  it('camel: `inProgress` only; both: `in_progress` and `inProgress`', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(camel.analyst, id, 200);
    const running = lastItem(await read(camel.analyst, id));
    expect(running).toMatchObject({ inProgress: true, status: 'success' });
    expect(running).not.toHaveProperty('in_progress');
    await rest(reader);
    const other = randomUUID();
    await ask(both.analyst, { text: 'hello', conversation_id: other });
    expect(lastItem(await read(both.analyst, other))).toMatchObject({ in_progress: false, inProgress: false });
  });
});

describe('llmModel omitted / null / set', () => {
  const { analyst } = platformWithAnalyst(1);
  const answeredBy = async (body: Record<string, unknown>) =>
    /Answered by \*\*([^*]+)\*\*/.exec((await ask(analyst, body)).generated)?.[1];

  it('omitted: the conversation’s model; null: the assistant’s default; a value: that model', async () => {
    const id = randomUUID();
    // The first call's model is stored on the conversation.
    expect(await answeredBy({ text: 'one', conversation_id: id, llmModel: 'claude-sonnet-4' })).toBe('claude-sonnet-4');
    expect((await read(analyst, id))['llm_model']).toBe('claude-sonnet-4');
    expect(await answeredBy({ text: 'two', conversation_id: id })).toBe('claude-sonnet-4');
    expect(await answeredBy({ text: 'three', conversation_id: id, llmModel: null })).toBe('gpt-4.1');
    expect(await answeredBy({ text: 'four', conversation_id: id, llm_model: 'gemini-2.5-pro' })).toBe('gemini-2.5-pro');
    expect(await answeredBy({ text: 'five', conversation_id: id })).toBe('claude-sonnet-4');
    // A model set on the conversation is what an omitted key means from then on.
    await analyst(`/conversations/${id}`, { method: 'PUT', body: { llm_model: 'gpt-4.1-mini' } });
    expect(await answeredBy({ text: 'six', conversation_id: id })).toBe('gpt-4.1-mini');
    // A new conversation with no model stored: the assistant's default, which it then keeps.
    const fresh = randomUUID();
    expect(await answeredBy({ text: 'seven', conversation_id: fresh })).toBe('gpt-4.1');
    expect((await read(analyst, fresh))['llm_model']).toBe('gpt-4.1');
  });
});
