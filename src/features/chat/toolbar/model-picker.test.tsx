import { screen, within } from '@testing-library/react';
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

  it('lists the routers apart, reads their tiers, and keeps a picked one (its base_name) as the override', async () => {
    const listed = [
      { base_name: 'gpt-4.1', label: 'GPT-4.1' },
      { base_name: 'gpt-4.1-mini', label: 'GPT-4.1 mini' },
      'not a model',
      { label: 'nameless' },
      {
        base_name: 'auto',
        label: 'Auto',
        is_router: true,
        default: true,
        tiers: [
          { tier: 'medium', model: 'gpt-4.1' },
          { tier: 'simple', model: 'gpt-4.1-mini' },
        ],
      },
    ];
    const fetch: typeof globalThis.fetch = async (input) =>
      String(input).endsWith('/v1/llm_models')
        ? new Response(JSON.stringify(listed), { headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    const user = userEvent.setup();
    const view = renderWithServices(<ModelPicker fallback={fallback} conversationId="A" />, { fetch, start: false });
    await user.click(picker());
    const routers = await screen.findByRole('group', { name: 'Routers' });
    const router = within(routers).getByRole('option', { name: 'Auto, platform default' });
    expect(router).toHaveAccessibleDescription('Routes: simple → gpt-4.1-mini, medium → gpt-4.1');
    expect(within(routers).getAllByRole('option')).toHaveLength(1);
    expect(
      screen.getAllByRole('option').map((option) => option.getAttribute('aria-label') ?? option.textContent),
    ).toEqual(['Assistant default', 'GPT-4.1', 'GPT-4.1 mini', 'Auto, platform default', 'Other model…']);
    // The tiers are shown while the router is focused from the keyboard, not before.
    expect(within(router).getByText(/^Routes:/)).toHaveClass('visually-hidden');
    await user.keyboard('{End}{ArrowUp}');
    expect(router).toHaveAttribute('data-focused', 'true');
    expect(within(router).getByText(/^Routes:/)).toHaveClass('select-item-description');
    await user.keyboard('{Enter}');
    expect(picker()).toHaveAccessibleName('Model Auto');
    expect(view.services.chat.selection.getState().models).toEqual({ A: 'auto' });
  });
});
