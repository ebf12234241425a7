import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '@/test/render-with-services';
import { ModelPicker } from './model-picker';

const fallback = [{ base_name: 'gpt-4.1' }, { base_name: 'claude-sonnet' }];
const picker = () => screen.getByRole('button', { name: /^Model/ });

describe('the model picker', () => {
  it('shows the override of the conversation it is in: another one, or a new chat, starts from the default', async () => {
    const view = renderWithServices(<ModelPicker fallback={fallback} conversationId="A" />, { start: false });
    expect(picker()).toHaveAccessibleName('Model Assistant default');
    await userEvent.click(picker());
    await userEvent.click(await screen.findByRole('option', { name: 'gpt-4.1' }));
    expect(picker()).toHaveAccessibleName('Model gpt-4.1');

    view.rerender(<ModelPicker fallback={fallback} conversationId="new-chat" />);
    expect(picker()).toHaveAccessibleName('Model Assistant default');
    view.rerender(<ModelPicker fallback={fallback} conversationId="A" />);
    expect(picker()).toHaveAccessibleName('Model gpt-4.1');
    expect(view.services.chat.selection.getState().models).toEqual({ A: 'gpt-4.1' });
  });
});
