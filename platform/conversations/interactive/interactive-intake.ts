// Checks an `interactive_response` before the agent runs, as real servers' interactive intake does
// (DEPLOYED-API.md §3 "Server validation"): the request must be stored in the conversation, not answered
// already (except by a re-answer at that turn), and every value must fit the element it answers.
import { ApiError } from '../../api/errors';
import type { Conversation } from '../types';
import { buttonsOf, inputsOf, isRequired, type InputElement, type InteractiveRequest } from './interactive-surface';

export type AnswerValue = { selected: string[] } | { value: string } | { value: boolean };

/** A checked response, whatever kind it came as: the button pressed (if any) and the answers by element id. */
export interface CheckedResponse {
  request: InteractiveRequest;
  kind: string;
  action: string | null;
  answers: Record<string, AnswerValue>;
}

const maxPayloadBytes = 65_536;
const maxTextLength = 4096;
const kinds = ['action', 'choice', 'form', 'submit', 'text_fallback'];
const payloadKeys: Record<string, string[]> = {
  submit: ['action', 'answers'],
  action: ['action'],
  choice: ['selected'],
  form: ['values'],
  text_fallback: ['text'],
};

const refuse = (message: string): ApiError => new ApiError(422, message, null, null);
const malformed = (): ApiError => refuse('Invalid interactive request or response');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The stored request with this id, if an assistant item of the conversation carries it. */
function storedRequest(conversation: Conversation | undefined, requestId: string): InteractiveRequest | undefined {
  for (const item of conversation?.history ?? []) {
    const request = item.interactiveRequest;
    if (isObject(request) && request['request_id'] === requestId) return request as unknown as InteractiveRequest;
  }
  return undefined;
}

function alreadyAnswered(conversation: Conversation, requestId: string, historyIndex: number | undefined): boolean {
  return conversation.history.some((item) => {
    const response = item.interactiveResponse;
    return (
      item.role === 'User' &&
      isObject(response) &&
      response['request_id'] === requestId &&
      item.historyIndex !== historyIndex
    );
  });
}

/** Every kind as the answers of a submit: what the value checks read. */
function normalized(
  kind: string,
  payload: Record<string, unknown>,
  request: InteractiveRequest,
): { action: unknown; answers: unknown } {
  if (kind === 'submit') return { action: payload['action'] ?? null, answers: payload['answers'] ?? {} };
  if (kind === 'action') return { action: payload['action'], answers: {} };
  if (kind === 'choice') {
    const choice = inputsOf(request.surface).find(
      (element) => element.type === 'multiple_choice' && element.max_allowed_selections <= 1,
    );
    if (!choice) throw refuse("Response kind 'choice' needs a single-choice element");
    return { action: null, answers: { [choice.id]: { selected: payload['selected'] } } };
  }
  if (kind === 'form') {
    if (!isObject(payload['values'])) throw malformed();
    const answers = Object.fromEntries(
      Object.entries(payload['values']).map(([id, value]) => [
        id,
        Array.isArray(value) ? { selected: value } : { value },
      ]),
    );
    return { action: null, answers };
  }
  return { action: null, answers: {} };
}

function fullMatch(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return false;
  }
}

const label = (element: InputElement): string => ('label' in element ? element.label : element.id);

/** The reason a value does not fit its element, or null when it does. */
export function valueProblem(element: InputElement, answer: unknown): string | null {
  if (!isObject(answer)) return `Answer to '${element.id}' must be an object`;
  if (element.type === 'multiple_choice') {
    const selected = answer['selected'];
    if (!Array.isArray(selected) || !selected.every((value) => typeof value === 'string'))
      return `Answer to '${element.id}' must list the selected values`;
    const known = new Set(element.options.map((option) => option.value));
    const unknown = selected.find((value) => !known.has(value));
    if (unknown !== undefined) return `'${unknown}' is not an option of '${element.id}'`;
    if (selected.length > element.max_allowed_selections)
      return `At most ${element.max_allowed_selections} selection(s) allowed for '${element.id}'`;
    return null;
  }
  const value = answer['value'];
  if (element.type === 'checkbox') {
    if (typeof value !== 'boolean') return `Answer to '${element.id}' must be true or false`;
    return isRequired(element) && !value ? `'${label(element)}' must be checked` : null;
  }
  if (typeof value !== 'string') return `Answer to '${element.id}' must be a string`;
  if (value.trim() === '') return isRequired(element) ? `'${label(element)}' is required` : null;
  if (element.type === 'dropdown')
    return element.options.some((option) => option.value === value)
      ? null
      : `'${value}' is not an option of '${element.id}'`;
  if (element.type === 'date_picker') {
    if (!isoDate.test(value) || Number.isNaN(Date.parse(value))) return `'${value}' is not an ISO date (YYYY-MM-DD)`;
    if (element.min !== null && value < element.min) return `'${label(element)}' must be on or after ${element.min}`;
    if (element.max !== null && value > element.max) return `'${label(element)}' must be on or before ${element.max}`;
    return null;
  }
  if (value.length > maxTextLength) return `'${label(element)}' is longer than ${maxTextLength} characters`;
  const validation = element.validation;
  if (validation?.email && !emailPattern.test(value)) return `'${label(element)}' must be an email address`;
  if (validation?.regex && !fullMatch(validation.regex, value))
    return `'${label(element)}' does not match the expected format`;
  return null;
}

/**
 * The response checked against the stored request. Throws the 422 real servers answer (raised inside the
 * handler, so the caller stores it as an error turn).
 */
export function checkInteractiveResponse(
  conversation: Conversation | undefined,
  raw: unknown,
  historyIndex: number | undefined,
): CheckedResponse {
  if (
    !isObject(raw) ||
    typeof raw['request_id'] !== 'string' ||
    typeof raw['kind'] !== 'string' ||
    !kinds.includes(raw['kind'])
  )
    throw malformed();
  const { request_id: requestId, kind } = raw as { request_id: string; kind: string };
  const payload = raw['payload'] ?? {};
  if (!isObject(payload) || Object.keys(payload).some((key) => !payloadKeys[kind]?.includes(key))) throw malformed();
  if (JSON.stringify(payload).length > maxPayloadBytes) throw refuse(`Payload larger than ${maxPayloadBytes} bytes`);
  const request = storedRequest(conversation, requestId);
  if (!conversation || !request) throw refuse('Unknown interactive request_id');
  if (alreadyAnswered(conversation, requestId, historyIndex)) throw refuse('Interactive request already answered');

  const inputs = inputsOf(request.surface);
  const { action, answers } = normalized(kind, payload, request);
  if (
    action !== null &&
    (typeof action !== 'string' || !buttonsOf(request.surface).some((button) => button.id === action))
  ) {
    throw refuse(`Unknown action '${String(action)}'`);
  }
  if (!isObject(answers)) throw malformed();
  for (const id of Object.keys(answers))
    if (!inputs.some((element) => element.id === id)) throw refuse(`Unknown element id '${id}'`);
  for (const element of inputs) {
    const answer = answers[element.id];
    if (answer === undefined) {
      if (isRequired(element)) throw refuse(`Response kind '${kind}' cannot answer required element '${element.id}'`);
      continue;
    }
    const problem = valueProblem(element, answer);
    if (problem) throw refuse(problem);
  }
  return { request, kind, action, answers: answers as Record<string, AnswerValue> };
}
