import { describe, expect, it } from 'vitest';
import { buildResponse, fieldProblem, formProblems, initialValues, labelsOf } from './response';
import { buttonsOf, inputsOf, readInteractiveRequest, type InputElement } from './surface';

// The chunk real servers send when an agent asks (DEPLOYED-API.md §3), with the defaults left out.
const approval = {
  request_id: '6f1c2a00-0000-4000-8000-000000000001',
  surface: [
    { type: 'text', content: 'Deploy to production?' },
    { type: 'text_field', id: 'reason', label: 'Reason' },
    {
      type: 'row',
      children: [
        { type: 'button', id: 'approve', label: 'Approve', style: 'primary' },
        { type: 'button', id: 'reject', label: 'Reject', style: 'danger' },
      ],
    },
  ],
};

const form = {
  request_id: 'r2',
  surface: [
    { type: 'text', content: 'Environments' },
    {
      type: 'multiple_choice',
      id: 'envs',
      options: [
        { value: 'stg', label: 'Staging' },
        { value: 'prd', label: 'Production' },
      ],
      max_allowed_selections: 1,
    },
    {
      type: 'dropdown',
      id: 'priority',
      label: 'Priority',
      options: [{ value: 'high', label: 'High' }],
      required: true,
    },
    { type: 'date_picker', id: 'due', label: 'Due', min: '2026-01-01', max: '2026-12-31' },
    { type: 'text_field', id: 'mail', label: 'Email', validation: { email: true } },
    { type: 'text_field', id: 'ticket', label: 'Ticket', validation: { regex: '[A-Z]+-\\d+' } },
    { type: 'checkbox', id: 'ok', label: 'I agree', validation: { required: true } },
    { type: 'carousel', id: 'x' },
  ],
};

describe('reading an interactive request', () => {
  it('reads the surface with the defaults the server fills in', () => {
    const request = readInteractiveRequest(approval);
    expect(request?.requestId).toBe(approval.request_id);
    expect(inputsOf(request?.surface ?? [])).toEqual([
      { type: 'text_field', id: 'reason', label: 'Reason', validation: null },
    ]);
    expect(buttonsOf(request?.surface ?? []).map((button) => [button.label, button.style])).toEqual([
      ['Approve', 'primary'],
      ['Reject', 'danger'],
    ]);
    // A stored request may come back as a JSON string.
    expect(readInteractiveRequest(JSON.stringify(approval))).toEqual(request);
  });

  it('names what it cannot show instead of failing, and refuses what is not a request', () => {
    const request = readInteractiveRequest({
      ...form,
      surface: [...form.surface, { type: 'button', id: 'b' }, 'junk'],
    });
    expect(request?.surface.slice(-3)).toEqual([
      { type: 'unsupported', sentType: 'carousel' },
      { type: 'unsupported', sentType: 'button' },
      { type: 'unsupported', sentType: 'string' },
    ]);
    expect(readInteractiveRequest({ surface: [] })).toBeNull();
    expect(readInteractiveRequest('not json')).toBeNull();
  });

  it('labels a choice with the text shown before it', () => {
    const request = readInteractiveRequest(form);
    expect(labelsOf(request?.surface ?? [])).toMatchObject({
      envs: 'Environments',
      priority: 'Priority',
      ok: 'I agree',
    });
  });
});

describe('answering', () => {
  const request = readInteractiveRequest(approval);
  if (!request) throw new Error('the fixture must read');
  const [approve, reject] = buttonsOf(request.surface);

  it('sends every input with the pressed button, and shows a chip of what was chosen', () => {
    expect(buildResponse(request, { reason: 'Tests pass' }, approve ?? null)).toEqual({
      text: 'Reason: Tests pass · Approve',
      response: {
        request_id: approval.request_id,
        kind: 'submit',
        payload: { action: 'approve', answers: { reason: { value: 'Tests pass' } } },
      },
    });
    const bare = buildResponse(request, initialValues(request), reject ?? null);
    expect(bare.text).toBe('Reject');
    expect(bare.response.payload.answers).toEqual({ reason: { value: '' } });
  });

  it('gives "Submitted" for an empty form, option labels in the chip, and values back from an earlier answer', () => {
    const full = readInteractiveRequest(form);
    if (!full) throw new Error('the fixture must read');
    expect(buildResponse(full, initialValues(full), null).text).toBe('Submitted');
    const values = { ...initialValues(full), envs: ['prd'], priority: 'high', ok: true };
    const built = buildResponse(full, values, null);
    expect(built.text).toBe('Environments: Production · Priority: High · I agree: Yes');
    expect(built.response.payload).toEqual({
      action: null,
      answers: {
        envs: { selected: ['prd'] },
        priority: { value: 'high' },
        due: { value: '' },
        mail: { value: '' },
        ticket: { value: '' },
        ok: { value: true },
      },
    });
    expect(initialValues(full, built.response)).toEqual(values);
  });
});

describe('checks before sending', () => {
  const full = readInteractiveRequest(form);
  if (!full) throw new Error('the fixture must read');
  const element = (id: string) => inputsOf(full.surface).find((input) => input.id === id) as InputElement;

  it('says what is wrong with each field, in words', () => {
    expect(formProblems(full, initialValues(full))).toEqual({
      priority: 'This field is required.',
      ok: 'This box must be ticked.',
    });
    expect(fieldProblem(element('mail'), 'someone')).toBe('Enter an email address, like name@example.com.');
    expect(fieldProblem(element('mail'), 'someone@example.com')).toBeNull();
    expect(fieldProblem(element('ticket'), 'OPS-12 extra')).toBe('This does not have the expected format.');
    expect(fieldProblem(element('ticket'), 'OPS-12')).toBeNull();
    expect(fieldProblem(element('due'), '2025-12-31')).toBe('Choose a date on or after 2026-01-01.');
    expect(fieldProblem(element('due'), '2027-01-01')).toBe('Choose a date on or before 2026-12-31.');
    expect(fieldProblem(element('envs'), ['stg', 'prd'])).toBe('Choose at most 1.');
  });

  it('checks the agent’s pattern and the email on the A2UI forms’ linear engine (these hang without it)', () => {
    const hostile = readInteractiveRequest({
      request_id: 'r3',
      surface: [{ type: 'text_field', id: 'code', label: 'Code', validation: { regex: '(a{1,30}){1,30}' } }],
    });
    const code = inputsOf(hostile?.surface ?? [])[0] as InputElement;
    expect(fieldProblem(code, 'aaaa')).toBeNull();
    expect(fieldProblem(code, `${'a'.repeat(400)}!`)).toBe('This does not have the expected format.');
    expect(fieldProblem(element('mail'), `a@${'.'.repeat(100_000)} x`)).toBe(
      'Enter an email address, like name@example.com.',
    );
  });
});
