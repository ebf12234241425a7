import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InteractiveResponse } from '@/domain/interactive/response';
import { readInteractiveRequest, type InteractiveRequest } from '@/domain/interactive/surface';
import { InteractiveForm } from './interactive-form';

const request = (surface: unknown[]): InteractiveRequest => {
  const read = readInteractiveRequest({ request_id: 'r1', surface });
  if (!read) throw new Error('the fixture must read');
  return read;
};

describe('InteractiveForm', () => {
  it('names an element it cannot show, and adds "Submit" to a form without buttons (Enter sends it)', async () => {
    const onAnswer = vi.fn<(text: string, response: InteractiveResponse) => void>();
    const surface = [
      { type: 'carousel', id: 'x' },
      { type: 'text_field', id: 'name', label: 'Name', validation: { required: true } },
    ];
    render(<InteractiveForm request={request(surface)} assistantName="Agent" stage="open" onAnswer={onAnswer} />);
    expect(screen.getByText('Unsupported element (carousel): this console cannot show it.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('This field is required.');

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada{Enter}');
    expect(onAnswer).toHaveBeenCalledWith('Name: Ada', {
      request_id: 'r1',
      kind: 'submit',
      payload: { action: null, answers: { name: { value: 'Ada' } } },
    });
  });

  it('never presses a button of the agent on Enter in a field, and shows an answered request as it was sent', async () => {
    const onAnswer = vi.fn();
    const surface = [
      { type: 'text_field', id: 'reason', label: 'Reason' },
      { type: 'button', id: 'yes', label: 'Approve' },
    ];
    const { rerender } = render(
      <InteractiveForm request={request(surface)} assistantName="Agent" stage="open" onAnswer={onAnswer} />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'ok{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();

    const sent: InteractiveResponse = {
      request_id: 'r1',
      kind: 'submit',
      payload: { action: 'yes', answers: { reason: { value: 'Fine' } } },
    };
    rerender(
      <InteractiveForm
        request={request(surface)}
        assistantName="Agent"
        stage="answered"
        answer={sent}
        chip="Reason: Fine · Approve"
        onAnswer={onAnswer}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('Fine');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '✓ Approve' })).toBeDisabled();
    expect(screen.getByText('Reason: Fine · Approve')).toBeInTheDocument();
  });
});
