// Asking Assistant: asks the person before it acts, as deployed agents do with their `request_user_input` tool.
// Streamed, it plays the real sequence (tool-start thought, a chunk with only `interactive_request`, tool-end
// thought, a final chunk with generated ""); a question holding "form" gets a form of choices, a date and text
// fields instead of approve / reject. Without streaming the tool is not offered, so it answers in text. Given a
// checked `interactive_response`, it answers with what was chosen. On a current server it asks with A2UI instead
// (asking-a2ui.ts).
import { randomUUID } from 'node:crypto';
import type { CheckedResponse } from '../../conversations/interactive/interactive-intake';
import {
  inputsOf,
  type InteractiveRequest,
  type SurfaceElement,
} from '../../conversations/interactive/interactive-surface';
import type { WireThought } from '../../wire';
import type { ScriptInput } from '../script';
import { askingA2uiRun } from './asking-a2ui';
import { stableUuid, StepList, type ScriptedRun } from '../steps';

export const approvalSurface: SurfaceElement[] = [
  { type: 'text', content: 'Deploy to production?' },
  { type: 'text_field', id: 'reason', label: 'Reason', validation: null },
  {
    type: 'row',
    children: [
      { type: 'button', id: 'approve', label: 'Approve', style: 'primary' },
      { type: 'button', id: 'reject', label: 'Reject', style: 'danger' },
    ],
  },
];

export const formSurface: SurfaceElement[] = [
  { type: 'text', content: 'Plan the release' },
  {
    type: 'column',
    children: [
      { type: 'text', content: 'Environments (up to 2)' },
      {
        type: 'multiple_choice',
        id: 'environments',
        options: [
          { value: 'staging', label: 'Staging' },
          { value: 'production', label: 'Production' },
          { value: 'canary', label: 'Canary' },
        ],
        max_allowed_selections: 2,
      },
      {
        type: 'dropdown',
        id: 'priority',
        label: 'Priority',
        options: [
          { value: 'low', label: 'Low' },
          { value: 'high', label: 'High' },
        ],
        placeholder: 'Choose a priority',
        required: true,
      },
      { type: 'date_picker', id: 'due', label: 'Due date', min: '2026-01-01', max: '2027-12-31', required: false },
      {
        type: 'text_field',
        id: 'contact',
        label: 'Contact email',
        validation: { required: false, regex: null, email: true },
      },
      {
        type: 'text_field',
        id: 'ticket',
        label: 'Ticket',
        validation: { required: false, regex: '[A-Z]+-\\d+', email: false },
      },
      { type: 'checkbox', id: 'notify', label: 'Notify the team', validation: null },
    ],
  },
];

const toolThought = (seed: string, args: unknown, ended: boolean): WireThought => ({
  id: stableUuid(`ask:${seed}`, 'tool'),
  parent_id: null,
  metadata: { replay_type: 'tool', tool_name: 'request_user_input', status: ended ? 'completed' : 'running' },
  in_progress: !ended,
  input_text: JSON.stringify(args),
  message: '',
  author_type: 'Tool',
  author_name: 'Request User Input',
  output_format: 'text',
  error: null,
  interrupted: null,
  aborted: null,
  children: [],
});

function askRun(question: string): ScriptedRun {
  const surface = /\bform\b/i.test(question) ? formSurface : approvalSurface;
  const request: InteractiveRequest = { request_id: randomUUID(), surface };
  const seed = `${question}:${request.request_id}`;
  return new StepList()
    .wait(1)
    .chunk({ thought: toolThought(seed, { surface }, false) })
    .wait(1)
    .chunk({ interactive_request: request })
    .chunk({ thought: toolThought(seed, { surface }, true) })
    .last('')
    .run();
}

/** What was chosen, in words: "Approved. Reason: …", or each answer as "Label: value". */
export function describeAnswer(response: CheckedResponse): string {
  const { action, answers, request } = response;
  const lines: string[] = [];
  if (action === 'approve') lines.push('Approved.');
  else if (action === 'reject') lines.push('Rejected.');
  else lines.push('Submitted.');
  for (const element of inputsOf(request.surface)) {
    const answer = answers[element.id];
    if (!answer) continue;
    const name = 'label' in element ? element.label : element.id.charAt(0).toUpperCase() + element.id.slice(1);
    const options = 'options' in element ? element.options : [];
    const shown =
      'selected' in answer
        ? answer.selected.map((value) => options.find((option) => option.value === value)?.label ?? value).join(', ')
        : typeof answer.value === 'boolean'
          ? answer.value
            ? 'yes'
            : 'no'
          : (options.find((option) => option.value === answer.value)?.label ?? answer.value);
    if (shown !== '') lines.push(`${name}: ${shown}`);
  }
  const reason = answers['reason'];
  if (action !== null && (!reason || !('value' in reason) || reason.value === '')) lines.push('No reason given.');
  return lines.join('\n\n');
}

export function askingRun(input: ScriptInput): ScriptedRun {
  // Current servers replaced interactive_request with A2UI surfaces.
  if (input.generation === 'current') return askingA2uiRun(input);
  if (input.interactiveResponse) {
    const text = describeAnswer(input.interactiveResponse);
    return new StepList().tokens(text, 0.5).last(text).run();
  }
  if (!input.stream) {
    // Real servers register the asking tool only for streamed calls.
    const text =
      'I need your approval before deploying to production. Turn streaming on so I can ask you with buttons, or tell me in words.';
    return new StepList().last(text).run();
  }
  return askRun(input.question);
}
