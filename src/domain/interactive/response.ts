import { z } from 'zod';
import { isEmailAddress } from '@/domain/a2ui/functions/validators';
import { matchPattern } from '@/domain/a2ui/safe-regexp';
import {
  inputsOf,
  type ButtonElement,
  type InputElement,
  type InteractiveRequest,
  type SurfaceElement,
} from './surface';

// The answer to an agent's question as the official UI sends it: kind "submit", the button pressed (null for the
// extra "Submit"), and an answer for every input, empty ones included (DEPLOYED-API.md §3 "Answer field").

const answerValue = z.union([
  z.object({ selected: z.array(z.string()) }),
  z.object({ value: z.union([z.string(), z.boolean()]) }),
]);
export const interactiveResponseSchema = z.object({
  request_id: z.string(),
  kind: z.literal('submit'),
  payload: z.object({ action: z.string().nullable(), answers: z.record(z.string(), answerValue) }),
});
export type InteractiveResponse = z.infer<typeof interactiveResponseSchema>;
type AnswerValue = z.infer<typeof answerValue>;

/** What the form holds per input id: text (text field, date, dropdown), ticked (checkbox), chosen values (choice). */
export type FormValue = string | boolean | string[];
export type FormValues = Readonly<Record<string, FormValue>>;

const emptyValue = (element: InputElement): FormValue =>
  element.type === 'checkbox' ? false : element.type === 'multiple_choice' ? [] : '';

/** The form's values before anything is typed, or as an earlier answer left them. */
export function initialValues(request: InteractiveRequest, earlier?: InteractiveResponse): FormValues {
  const values: Record<string, FormValue> = {};
  for (const element of inputsOf(request.surface)) {
    const answer = earlier?.payload.answers[element.id];
    values[element.id] =
      answer === undefined ? emptyValue(element) : 'selected' in answer ? answer.selected : answer.value;
  }
  return values;
}

/**
 * The name of each input: its label; a choice (which has none on the wire) takes the text shown just before it,
 * else its id.
 */
export function labelsOf(surface: readonly SurfaceElement[]): Record<string, string> {
  const labels: Record<string, string> = {};
  const walk = (elements: readonly SurfaceElement[]) => {
    elements.forEach((element, index) => {
      if ('children' in element) walk(element.children);
      else if (element.type === 'multiple_choice') {
        const before = elements[index - 1];
        labels[element.id] = before?.type === 'text' ? before.content : element.id;
      } else if ('label' in element && 'id' in element && element.type !== 'button') labels[element.id] = element.label;
    });
  };
  walk(surface);
  return labels;
}

/**
 * Whether the value matches the agent's pattern, on the same linear engine as A2UI forms (a catastrophic pattern
 * cannot freeze the tab). A pattern that engine does not run, or a value too long for it, is left to the server.
 */
const fullMatch = (pattern: string, value: string): boolean => matchPattern(pattern, value) !== 'mismatch';

/** Why a value cannot be sent, in words for the field; null when it can. */
export function fieldProblem(element: InputElement, value: FormValue | undefined): string | null {
  if (element.type === 'multiple_choice') {
    const chosen = Array.isArray(value) ? value : [];
    return chosen.length > element.max_allowed_selections ? `Choose at most ${element.max_allowed_selections}.` : null;
  }
  if (element.type === 'checkbox')
    return element.validation?.required && value !== true ? 'This box must be ticked.' : null;
  const text = typeof value === 'string' ? value.trim() : '';
  const required = element.type === 'text_field' ? element.validation?.required === true : element.required;
  if (text === '') return required ? 'This field is required.' : null;
  if (element.type === 'date_picker') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return 'Enter a date as YYYY-MM-DD.';
    if (element.min && text < element.min) return `Choose a date on or after ${element.min}.`;
    if (element.max && text > element.max) return `Choose a date on or before ${element.max}.`;
    return null;
  }
  if (element.type === 'text_field') {
    if (element.validation?.email && !isEmailAddress(text)) return 'Enter an email address, like name@example.com.';
    if (element.validation?.regex && !fullMatch(element.validation.regex, typeof value === 'string' ? value : ''))
      return 'This does not have the expected format.';
    if (text.length > 4096) return 'Keep this under 4,096 characters.';
  }
  return null;
}

/** The problems of the whole form, by input id (empty when it can be sent). */
export function formProblems(request: InteractiveRequest, values: FormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const element of inputsOf(request.surface)) {
    const problem = fieldProblem(element, values[element.id]);
    if (problem) problems[element.id] = problem;
  }
  return problems;
}

function shownValue(element: InputElement, value: FormValue): string {
  const options = 'options' in element ? element.options : [];
  const labelOf = (chosen: string) => options.find((option) => option.value === chosen)?.label ?? chosen;
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : '';
  return labelOf(value.trim());
}

const answerOf = (element: InputElement, value: FormValue | undefined): AnswerValue => {
  const given = value ?? emptyValue(element);
  if (element.type === 'multiple_choice') return { selected: Array.isArray(given) ? given : [] };
  if (element.type === 'checkbox') return { value: given === true };
  return { value: typeof given === 'string' ? given : '' };
};

/**
 * The turn that answers: its text is the display chip ("Reason: Tests pass · Approve", the button's label alone,
 * or "Submitted"), as the official UI shows and sends it.
 */
export function buildResponse(
  request: InteractiveRequest,
  values: FormValues,
  pressed: ButtonElement | null,
): { text: string; response: InteractiveResponse } {
  const labels = labelsOf(request.surface);
  const parts: string[] = [];
  const answers: Record<string, AnswerValue> = {};
  for (const element of inputsOf(request.surface)) {
    const value = values[element.id] ?? emptyValue(element);
    answers[element.id] = answerOf(element, value);
    const shown = shownValue(element, value);
    if (shown !== '') parts.push(`${labels[element.id] ?? element.id}: ${shown}`);
  }
  if (pressed) parts.push(pressed.label);
  return {
    text: parts.length > 0 ? parts.join(' · ') : 'Submitted',
    response: { request_id: request.requestId, kind: 'submit', payload: { action: pressed?.id ?? null, answers } },
  };
}
