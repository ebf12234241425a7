import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { A2uiAnswer } from '@/domain/a2ui/answer';
import { allComponents, allModel, approvalComponents, approvalModel, surfaceOf } from '@/test/a2ui-surfaces';
import { A2uiSurfaceView } from './a2ui-surface-view';

const approval = () => surfaceOf(approvalComponents, approvalModel, '7c1');
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('A2uiSurfaceView', () => {
  it('renders all 18 Basic Catalog components accessibly, waiting for the person', async () => {
    render(
      <A2uiSurfaceView
        surface={surfaceOf(allComponents, allModel)}
        state={{ kind: 'active' }}
        onSubmit={vi.fn()}
        ariaLabel="Agent asks"
      />,
    );
    const form = screen.getByRole('form', { name: 'Agent asks' });
    expect(within(form).getByText('· Waiting for you')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tell us more' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'person' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'Subscribe' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Colours' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('3');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First item', 'Second item']);
    expect(screen.getByRole('separator')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Load media from cdn.example.com' })).toHaveLength(3);

    await userEvent.click(screen.getByRole('tab', { name: 'When' }));
    expect(screen.getByLabelText('Day')).toHaveAttribute('type', 'date');

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const dialog = await screen.findByRole('dialog', { name: 'More' });
    expect(within(dialog).getByText('The fine print.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses to send while a field is required or off-pattern, focusing the first one', async () => {
    const onSubmit = vi.fn();
    render(
      <A2uiSurfaceView surface={approval()} state={{ kind: 'active' }} onSubmit={onSubmit} ariaLabel="Agent asks" />,
    );
    const reason = screen.getByRole('textbox', { name: /Reason/ });

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await nextFrame();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(reason).toHaveAccessibleDescription('This field is required.');
    expect(reason).toHaveFocus();

    await userEvent.type(reason, 'lower{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(reason).toHaveAccessibleDescription('Use the form the assistant asked for (pattern [A-Z].*).');
  });

  it('sends the action and the whole data model, edited by the person', async () => {
    const onSubmit = vi.fn<(answer: A2uiAnswer) => void>();
    render(
      <A2uiSurfaceView surface={approval()} state={{ kind: 'active' }} onSubmit={onSubmit} ariaLabel="Agent asks" />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Tests pass');
    await userEvent.click(screen.getByRole('radio', { name: 'High' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I checked the tests' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'Approve · Reason: Tests pass · Priority: High · I checked the tests: yes',
      a2uiAction: { version: 'v0.9.1', action: { name: 'approve', surfaceId: '7c1', sourceComponentId: 'approve' } },
      a2uiDataModel: { reason: 'Tests pass', priority: ['high'], agree: true },
    });
  });

  it('shows a refusal verbatim and gives the form back as typed', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error("Action name 'approve' is not offered by surface")));
    render(
      <A2uiSurfaceView surface={approval()} state={{ kind: 'active' }} onSubmit={onSubmit} ariaLabel="Agent asks" />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Tests pass');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Action name 'approve' is not offered by surface");
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Tests pass');
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('shows a submitted surface read-only, as sent, and reopens it with Edit', async () => {
    const onEdit = vi.fn();
    const sent = { reason: 'Fine', priority: ['high'], agree: true };
    const state = {
      kind: 'submitted',
      dataModel: sent,
      text: 'Approve · Reason: Fine',
      sourceComponentId: 'approve',
    } as const;
    const { rerender } = render(
      <A2uiSurfaceView surface={approval()} state={state} onSubmit={vi.fn()} onEdit={onEdit} ariaLabel="Agent asks" />,
    );
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Fine');
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'High' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Approve', pressed: true })).toBeDisabled();
    expect(screen.getByText('Approve · Reason: Fine')).toBeInTheDocument();
    expect(screen.queryByText('· Waiting for you')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit answer' }));
    expect(onEdit).toHaveBeenCalled();
    rerender(
      <A2uiSurfaceView surface={approval()} state={{ kind: 'active' }} onSubmit={vi.fn()} ariaLabel="Agent asks" />,
    );
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Fine');
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeEnabled();
  });

  it('disables a stale or busy surface and says why', () => {
    const { rerender } = render(
      <A2uiSurfaceView surface={approval()} state={{ kind: 'stale' }} onSubmit={vi.fn()} ariaLabel="Agent asks" />,
    );
    expect(screen.getByText('Not answered: the conversation went on without it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    rerender(
      <A2uiSurfaceView surface={approval()} state={{ kind: 'busy' }} onSubmit={vi.fn()} ariaLabel="Agent asks" />,
    );
    expect(screen.getByText('You can answer once the answer in progress ends.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I checked the tests' })).toBeDisabled();
  });

  it('names a part it cannot show, never as raw JSON', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Column', children: ['odd', 'ok'] },
      { id: 'odd', component: 'Carousel', items: [{ secret: 'json' }] },
      { id: 'ok', component: 'Text', text: 'Hello' },
    ]);
    render(<A2uiSurfaceView surface={surface} state={{ kind: 'active' }} onSubmit={vi.fn()} ariaLabel="Agent asks" />);
    expect(screen.getByRole('note')).toHaveTextContent('This form has a part the console cannot show: Carousel');
    expect(screen.queryByText(/secret/)).not.toBeInTheDocument();
  });

  it('loads media only after consent, without a referrer or credentials, within the page’s security policy', async () => {
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }));
    const { container } = render(
      <A2uiSurfaceView
        surface={surfaceOf(allComponents, allModel)}
        state={{ kind: 'active' }}
        onSubmit={vi.fn()}
        ariaLabel="Agent asks"
        apiOrigin="https://cdn.example.com"
      />,
    );
    expect(container.querySelector('img, video, audio')).toBeNull();
    expect(screen.getByText('Image from cdn.example.com: A chart')).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Load media from cdn.example.com' })[0]!);
    // A picture on the API's origin is read without the person's credentials and shown as a data: URL.
    const picture = await screen.findByRole('img', { name: 'A chart' });
    expect(picture).toHaveAttribute('src', 'data:image/png;base64,iVBORw==');
    expect(fetched).toHaveBeenCalledWith(
      'https://cdn.example.com/a.png',
      expect.objectContaining({ credentials: 'omit', referrerPolicy: 'no-referrer' }),
    );
    // Video and audio elsewhere are not loaded into the page: a link opens them, without a referrer.
    expect(container.querySelector('video, audio')).toBeNull();
    const video = screen.getByRole('link', { name: 'Open the video from cdn.example.com in a new tab' });
    expect(video).toHaveAttribute('href', 'https://cdn.example.com/a.mp4');
    expect(video).toHaveAttribute('rel', 'noopener noreferrer');
    fetched.mockRestore();
  });
});
