// The checks an answer to an agent's question passes before the run, and the asking assistant's round trip.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { approvalSurface, formSurface } from '../../assistants/asking/asking';
import { readRaw, splitJsonObjects } from '../../stream-read';
import { platformWithAnalyst } from '../../test-support';
import { checkInteractiveResponse } from './interactive-intake';
import type { SurfaceElement } from './interactive-surface';
import { blankItem, type Conversation } from '../types';

const requestId = '6f1c2a00-0000-4000-8000-000000000001';

function conversationAsking(surface: SurfaceElement[]): Conversation {
  const asked = { ...blankItem('Assistant', '', 0), interactiveRequest: { request_id: requestId, surface } };
  return {
    id: 'c1',
    ownerId: 'u1',
    ownerName: 'analyst',
    name: null,
    llmModel: null,
    enableImageGeneration: false,
    imageGenerationModel: null,
    folder: null,
    pinned: false,
    history: [blankItem('User', 'Deploy', 0), asked],
    assistantIds: [],
    initialAssistantId: null,
    isWorkflow: false,
    mcpServerSingleUsage: false,
    date: '2026-01-01T00:00:00',
    updateDate: null,
    revision: 0,
  };
}

const submit = (payload: unknown, id = requestId) => ({ request_id: id, kind: 'submit', payload });

/** The 422 message a response is refused with, or null when it passes. */
function refusal(conversation: Conversation | undefined, response: unknown, historyIndex?: number): string | null {
  try {
    checkInteractiveResponse(conversation, response, historyIndex);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(422);
    return error.message;
  }
}

describe('interactive response checks', () => {
  const approval = conversationAsking(approvalSurface);
  const form = conversationAsking(formSurface);
  const filled = {
    environments: { selected: ['staging'] },
    priority: { value: 'high' },
    due: { value: '2026-09-01' },
    contact: { value: '' },
    ticket: { value: 'OPS-12' },
    notify: { value: true },
  };

  it('accepts what the console sends: a button and every answer, empty ones included', () => {
    expect(refusal(approval, submit({ action: 'approve', answers: { reason: { value: 'Tests pass' } } }))).toBeNull();
    expect(refusal(approval, submit({ action: 'reject', answers: { reason: { value: '' } } }))).toBeNull();
    expect(refusal(form, submit({ action: null, answers: filled }))).toBeNull();
  });

  it('refuses a request the conversation does not hold, and malformed responses', () => {
    expect(refusal(approval, submit({ action: 'approve', answers: {} }, 'other-id'))).toBe(
      'Unknown interactive request_id',
    );
    expect(refusal(undefined, submit({ action: 'approve', answers: {} }))).toBe('Unknown interactive request_id');
    expect(refusal(approval, { request_id: requestId, kind: 'vote', payload: {} })).toBe(
      'Invalid interactive request or response',
    );
    expect(refusal(approval, submit({ action: 'approve', answers: {}, extra: 1 }))).toBe(
      'Invalid interactive request or response',
    );
  });

  it('refuses a second answer, except a re-answer at the turn that holds the first', () => {
    const answered = conversationAsking(approvalSurface);
    answered.history.push({
      ...blankItem('User', 'Approve', 1),
      interactiveResponse: submit({ action: 'approve', answers: {} }),
    });
    expect(refusal(answered, submit({ action: 'reject', answers: {} }), 2)).toBe(
      'Interactive request already answered',
    );
    expect(refusal(answered, submit({ action: 'reject', answers: {} }), 1)).toBeNull();
  });

  it('checks every value against its element', () => {
    expect(refusal(approval, submit({ action: 'ship', answers: {} }))).toBe("Unknown action 'ship'");
    expect(refusal(approval, submit({ action: 'approve', answers: { nope: { value: 'x' } } }))).toBe(
      "Unknown element id 'nope'",
    );
    expect(
      refusal(
        form,
        submit({
          action: null,
          answers: { ...filled, environments: { selected: ['staging', 'canary', 'production'] } },
        }),
      ),
    ).toBe("At most 2 selection(s) allowed for 'environments'");
    expect(refusal(form, submit({ action: null, answers: { ...filled, environments: { selected: ['moon'] } } }))).toBe(
      "'moon' is not an option of 'environments'",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, priority: { value: 'urgent' } } }))).toBe(
      "'urgent' is not an option of 'priority'",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, priority: { value: ' ' } } }))).toBe(
      "'Priority' is required",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, due: { value: '2025-12-31' } } }))).toBe(
      "'Due date' must be on or after 2026-01-01",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, due: { value: '1 Sept' } } }))).toBe(
      "'1 Sept' is not an ISO date (YYYY-MM-DD)",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, contact: { value: 'not-an-email' } } }))).toBe(
      "'Contact email' must be an email address",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, ticket: { value: 'OPS-12 and more' } } }))).toBe(
      "'Ticket' does not match the expected format",
    );
    expect(refusal(form, submit({ action: null, answers: { ...filled, notify: { value: 'yes' } } }))).toBe(
      "Answer to 'notify' must be true or false",
    );
  });

  it('refuses a kind that cannot carry a required element', () => {
    expect(refusal(form, { request_id: requestId, kind: 'text_fallback', payload: { text: 'high, soon' } })).toBe(
      "Response kind 'text_fallback' cannot answer required element 'priority'",
    );
    expect(refusal(approval, { request_id: requestId, kind: 'action', payload: { action: 'approve' } })).toBeNull();
  });
});

describe('asking assistant over HTTP, on a 2.42 server', () => {
  const { analyst } = platformWithAnalyst(1, { server: '2.42' });
  const asking = 'a1000000-0000-4000-8000-0000000000f5';
  const conversationId = '0c0c0c0c-0000-4000-8000-000000000021';
  const call = async (body: Record<string, unknown>) =>
    analyst(`/assistants/${asking}/model`, { body: { conversation_id: conversationId, stream: true, ...body } });
  const chunks = async (response: Response) =>
    splitJsonObjects((await readRaw(response)).text).map((text) => JSON.parse(text) as Record<string, unknown>);

  it('asks in the real sequence, checks the answer, and continues with what was chosen', async () => {
    const asked = await chunks(await call({ text: 'Deploy the release', history_index: 0 }));
    const thoughts = asked
      .filter((chunk) => chunk['thought'])
      .map((chunk) => chunk['thought'] as { author_name: string; in_progress: boolean; input_text: string });
    expect(thoughts.map((thought) => [thought.author_name, thought.in_progress])).toEqual([
      ['Request User Input', true],
      ['Request User Input', false],
    ]);
    expect(JSON.parse(thoughts[0]?.input_text ?? '{}')).toEqual({ surface: approvalSurface });
    const request = asked.find((chunk) => chunk['interactive_request'])?.['interactive_request'] as {
      request_id: string;
    };
    expect(request.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(asked.at(-1)).toMatchObject({ last: true, generated: '' });

    const response = {
      request_id: request.request_id,
      kind: 'submit',
      payload: { action: 'approve', answers: { reason: { value: 'Tests pass' } } },
    };
    const refused = await call({
      text: 'Approve',
      history_index: 1,
      interactive_response: { ...response, request_id: 'nope' },
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { message: 'Unknown interactive request_id', details: null, help: null },
    });

    const continued = await chunks(
      await call({ text: 'Reason: Tests pass · Approve', history_index: 1, interactive_response: response }),
    );
    expect(continued.at(-1)).toMatchObject({ last: true, generated: 'Approved.\n\nReason: Tests pass' });
    const again = await call({ text: 'Approve', history_index: 3, interactive_response: response });
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Interactive request already answered',
    );

    const stored = (await (await analyst(`/conversations/${conversationId}`)).json()) as {
      history: Array<Record<string, unknown>>;
    };
    expect(stored.history[1]?.['interactiveRequest']).toEqual(request);
    const answered = stored.history.find(
      (item) =>
        item['role'] === 'User' && item['historyIndex'] === 1 && item['message'] === 'Reason: Tests pass · Approve',
    );
    expect(answered?.['interactiveResponse']).toEqual(response);
  });

  it('answers in text when the call does not stream', async () => {
    const response = await analyst(`/assistants/${asking}/model`, {
      body: { text: 'Deploy the release', save_history: false },
    });
    expect(((await response.json()) as { generated: string }).generated).toMatch(/^I need your approval/);
  });
});
