// The checks an A2UI answer passes before the run (CURRENT-SERVERS.md §3.3), on stored demo surfaces.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import {
  a2uiVersion,
  approvalSurface,
  basicCatalogId,
  everythingSurface,
  formSurface,
  type A2uiComponent,
} from '../../assistants/asking/a2ui-surfaces';
import { checkA2uiAnswer, offeredActions } from './a2ui-intake';
import { blankItem, type Conversation } from '../types';

const surfaceId = 's-1';
const media = { image: 'http://x/i.svg', audio: 'http://x/a.wav', video: 'https://x/v.webm' };

function conversationShowing(components: A2uiComponent[]): Conversation {
  const envelopes = [
    { version: a2uiVersion, createSurface: { surfaceId, catalogId: basicCatalogId } },
    { version: a2uiVersion, updateComponents: { surfaceId, components } },
    { version: a2uiVersion, updateDataModel: { surfaceId, path: '/', value: {} } },
  ];
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
    history: [blankItem('User', 'Deploy', 0), { ...blankItem('Assistant', '', 0), a2uiEnvelopes: envelopes }],
    assistantIds: [],
    initialAssistantId: null,
    isWorkflow: false,
    mcpServerSingleUsage: false,
    date: '2026-01-01T00:00:00',
    updateDate: null,
    revision: 0,
  };
}

const action = (name: string, id = surfaceId) => ({ version: a2uiVersion, action: { name, surfaceId: id } });

/** The 422 message an answer is refused with, or null when it passes. */
function refusal(conversation: Conversation, act: unknown, model?: unknown, historyIndex?: number): string | null {
  try {
    checkA2uiAnswer(conversation, act, model, historyIndex);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(422);
    return error.message;
  }
}

describe('A2UI answer checks', () => {
  const approval = conversationShowing(approvalSurface.components);
  const form = conversationShowing(formSurface.components);
  const everything = conversationShowing(everythingSurface(media).components);
  const filled = {
    environments: ['staging', 'canary'],
    priority: ['high'],
    due: '2026-09-01',
    contact: 'ada@example.com',
    ticket: 'OPS-12',
    notify: true,
  };

  it('accepts what a console sends', () => {
    expect(refusal(approval, action('approve'), { reason: 'Tests pass' })).toBeNull();
    expect(refusal(approval, action('reject'))).toBeNull();
    expect(refusal(form, action('submit'), filled)).toBeNull();
    expect(
      refusal(everything, action('submit'), {
        ...everythingSurface(media).dataModel,
        size: ['large'],
        quantity: 3,
        when: '2026-05-01T10:30:00',
      }),
    ).toBeNull();
  });

  it('refuses malformed envelopes, oversized payloads and unknown surfaces', () => {
    expect(refusal(approval, undefined, { reason: 'x' })).toBe('A2UI data model sent without an A2UI action');
    expect(refusal(approval, { action: { name: 'approve' } })).toBe('Invalid A2UI action envelope');
    expect(refusal(approval, action('approve'), { reason: 'x'.repeat(70_000) })).toBe(
      'Payload too large (max 65536 bytes)',
    );
    expect(refusal(approval, action('approve', 'other'))).toBe('Unknown A2UI surface');
  });

  it('refuses a second answer, except a re-answer at the stored answer’s index', () => {
    const answered = conversationShowing(approvalSurface.components);
    answered.history.push({ ...blankItem('User', 'Approve', 1), a2uiAction: action('approve') });
    expect(refusal(answered, action('reject'), {}, 2)).toBe('Surface already answered');
    expect(refusal(answered, action('reject'), {}, 1)).toBeNull();
  });

  it('checks the action name against the Buttons reachable from root, modal triggers excluded', () => {
    expect(refusal(approval, action('ship'))).toBe("Action name 'ship' is not offered by surface");
    expect(refusal(approval, action('x'.repeat(129)))).toBe('Action name is too long (max 128 characters)');
    expect(refusal(everything, action('open_help'))).toBe("Action name 'open_help' is not offered by surface");
    expect([...offeredActions(everythingSurface(media).components)].sort()).toEqual(['cancel', 'submit']);
    const noButton = conversationShowing([{ id: 'root', component: 'Text', text: 'Hi' }]);
    expect(refusal(noButton, action('submit'))).toBe('Surface offers no action to submit');
  });

  it('checks every bound value against its component', () => {
    expect(refusal(approval, action('approve'), { mood: 'x' })).toBe("Unknown A2UI data model key: 'mood'");
    expect(refusal(form, action('submit'), { ...filled, environments: ['moon'] })).toBe(
      "'moon' is not an option of 'environments'",
    );
    expect(refusal(form, action('submit'), { ...filled, priority: ['low', 'high'] })).toBe(
      "'Priority' allows a single choice",
    );
    expect(refusal(form, action('submit'), { ...filled, priority: 'low' })).toBe(
      "Value of 'priority' must be a list of strings",
    );
    expect(refusal(form, action('submit'), { ...filled, notify: 'yes' })).toBe(
      "Value of 'notify' must be true or false",
    );
    expect(refusal(form, action('submit'), { ...filled, ticket: 7 })).toBe("Value of 'ticket' must be a string");
    expect(refusal(form, action('submit'), { ...filled, contact: 'x'.repeat(10_001) })).toBe(
      "'Contact email' is longer than 10000 characters",
    );
    expect(refusal(form, action('submit'), { ...filled, due: '2025-12-31' })).toBe(
      "'Due date' must be on or after 2026-01-01",
    );
    expect(refusal(form, action('submit'), { ...filled, due: '2026-02-30' })).toBe(
      "'2026-02-30' is not an ISO 8601 date or time",
    );
    expect(refusal(form, action('submit'), { ...filled, due: '2026-05-01T10:00:00' })).toBe(
      "'Due date' expects a date, got '2026-05-01T10:00:00'",
    );
    expect(refusal(everything, action('submit'), { when: '2028-01-01T00:00:00' })).toBe(
      "'Delivery time' must be on or before 2027-12-31T23:59:00",
    );
    expect(refusal(everything, action('submit'), { volume: 11 })).toBe("'Volume' must be between 0 and 10");
    expect(refusal(everything, action('submit'), { volume: '5' })).toBe("Value of 'volume' must be a number");
    expect(refusal(everything, action('submit'), { quantity: 'many' })).toBeNull();
    expect(refusal(everything, action('submit'), { notes: 4 })).toBe("Value of 'notes' must be a string");
  });
});
