import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { A2uiAnswer } from '@/domain/a2ui/answer';
import { foldEnvelopes } from '@/domain/a2ui/surface';
import { envelopesOf, fanOut, surfaceOf } from '@/test/a2ui-surfaces';
import { A2uiSurfaceView } from './a2ui-surface-view';

// The A2UI v0.9 behaviours the official examples rely on, one by one (the conformance replay runs them all).

const view = (surface: ReturnType<typeof surfaceOf>, onSubmit = vi.fn()) => (
  <A2uiSurfaceView
    surface={surface}
    state={{ kind: 'active' }}
    onSubmit={onSubmit}
    ariaLabel="Bot asks"
    agentName="Bot"
  />
);

describe('A2uiSurfaceView, as the spec says', () => {
  it('applies a data model that arrives after the components, keeping what the person typed', async () => {
    const components = [
      { id: 'root', component: 'Column', children: ['greeting', 'name', 'send'] },
      { id: 'greeting', component: 'Text', text: { call: 'formatString', args: { value: 'Hello ${/name}' } } },
      { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
      { id: 'send', component: 'Button', child: 'send-label', action: { event: { name: 'send' } } },
      { id: 'send-label', component: 'Text', text: 'Send' },
    ];
    const envelopes = envelopesOf('late', components, { name: 'Ada', other: 1 });
    const onSubmit = vi.fn<(answer: A2uiAnswer) => void>();
    const at = (count: number) => {
      const [surface] = foldEnvelopes(envelopes.slice(0, count));
      if (!surface) throw new Error('fixture');
      return view(surface, onSubmit);
    };
    const { rerender } = render(at(2));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    rerender(at(3));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    expect(screen.getByText('Hello Ada!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit.mock.calls[0]?.[0].a2uiDataModel).toEqual({ name: 'Ada!', other: 1 });
  });

  it('disables a Button while its checks fail, saying why, and enables it once they hold', async () => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Column', children: ['agree', 'go'] },
        { id: 'agree', component: 'CheckBox', label: 'I agree', value: { path: '/agree' } },
        {
          id: 'go',
          component: 'Button',
          child: 'go-label',
          action: { event: { name: 'go' } },
          checks: [
            {
              condition: {
                call: 'and',
                args: { values: [{ path: '/agree' }, { call: 'required', args: { value: 'x' } }] },
              },
              message: 'Agree first.',
            },
          ],
        },
        { id: 'go-label', component: 'Text', text: 'Go' },
      ],
      { agree: false },
    );
    const onSubmit = vi.fn();
    render(view(surface, onSubmit));
    const go = screen.getByRole('button', { name: 'Go' });
    expect(go).toBeDisabled();
    expect(go).toHaveAccessibleDescription('Agree first.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(go).toBeEnabled();
    await userEvent.click(go);
    expect(onSubmit).toHaveBeenCalled();
  });

  it('runs openUrl on a press only after naming the host, opening without a referrer', async () => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Row', children: ['open', 'bad'] },
        {
          id: 'open',
          component: 'Button',
          child: 'open-label',
          action: { functionCall: { call: 'openUrl', args: { url: 'https://docs.example.com/${/page}' } } },
        },
        { id: 'open-label', component: 'Text', text: 'Read the docs' },
        {
          id: 'bad',
          component: 'Button',
          child: 'bad-label',
          action: { functionCall: { call: 'openUrl', args: { url: 'javascript:alert(1)' } } },
        },
        { id: 'bad-label', component: 'Text', text: 'Bad link' },
      ],
      { page: 'start' },
    );
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const onSubmit = vi.fn();
    render(view(surface, onSubmit));
    await userEvent.click(screen.getByRole('button', { name: 'Read the docs' }));
    expect(opened).not.toHaveBeenCalled();
    const ask = screen.getByRole('group', { name: 'Open a page on docs.example.com' });
    expect(ask).toHaveTextContent('Bot wants to open a page on docs.example.com in a new tab.');
    expect(ask).toHaveTextContent('https://docs.example.com/start');
    await userEvent.click(within(ask).getByRole('button', { name: 'Open docs.example.com' }));
    expect(opened).toHaveBeenCalledWith('https://docs.example.com/start', '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('group', { name: /Open a page/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Bad link' }));
    const refused = screen.getByRole('group', { name: 'Link from the assistant' });
    expect(refused).toHaveTextContent('This link is not a web address, so it is not opened: javascript:alert(1)');
    await userEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    opened.mockRestore();
  });

  it('asks for media consent per origin: agreeing to one host loads nothing from another', async () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Row', children: ['one', 'two'] },
      { id: 'one', component: 'Icon', name: 'info', url: 'https://one.example.com/i.png' },
      { id: 'two', component: 'Icon', name: 'info', url: 'https://two.example.com/i.png' },
    ]);
    const { container } = render(view(surface));
    await userEvent.click(screen.getByRole('button', { name: 'Load media from one.example.com' }));
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://one.example.com/i.png',
    ]);
    expect(screen.getByRole('button', { name: 'Load media from two.example.com' })).toBeInTheDocument();
  });

  it('opens a Modal inside the answer, named as the agent’s', async () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Modal', trigger: 'more', content: 'fine' },
      { id: 'more', component: 'Text', text: 'Sign in' },
      { id: 'fine', component: 'Text', text: 'Enter your password on the next page.' },
    ]);
    render(view(surface));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(dialog).toHaveAccessibleDescription('From Bot, inside its answer');
    expect(screen.getByRole('form', { name: 'Bot asks' })).toContainElement(dialog);
  });

  it('shows a form that would take too many placements as a notice, drawing none of it', () => {
    const { container } = render(view(surfaceOf(fanOut())));
    expect(screen.getByRole('note')).toHaveTextContent('This form is too large to show.');
    expect(container.querySelectorAll('.a2ui-text')).toHaveLength(0);
  });

  it('draws a ProgressBar, determinate with its share, or indeterminate', () => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        {
          id: 'a',
          component: 'ProgressBar',
          value: { path: '/done' },
          max: 200,
          label: 'Upload',
          showPercentage: true,
        },
        { id: 'b', component: 'ProgressBar', value: 0, variant: 'indeterminate' },
      ],
      { done: 50 },
    );
    render(view(surface));
    const upload = screen.getByRole('progressbar', { name: 'Upload · 25%' });
    expect(upload).toHaveAttribute('value', '50');
    expect(upload).toHaveAttribute('max', '200');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).not.toHaveAttribute('value');
  });

  it('draws chips that stay radio buttons, filters a filterable picker, and gives a weighted child its share', async () => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Row', children: ['where', 'side'] },
        {
          id: 'where',
          component: 'ChoicePicker',
          label: 'Location',
          displayStyle: 'chips',
          filterable: true,
          weight: 2,
          options: [
            { label: 'Grand Ballroom', value: 'ballroom' },
            { label: 'Sunset Terrace', value: 'terrace' },
          ],
          value: { path: '/where' },
        },
        { id: 'side', component: 'Text', text: 'Side', weight: 1 },
      ],
      { where: ['terrace'] },
    );
    render(view(surface));
    expect(screen.getByRole('radio', { name: 'Sunset Terrace' })).toBeChecked();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter Location' }), 'ball');
    expect(screen.queryByRole('radio', { name: 'Sunset Terrace' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Grand Ballroom' }));
    expect(screen.getByRole('radio', { name: 'Grand Ballroom' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Location' }).closest('.a2ui-weight-2')).not.toBeNull();
    expect(screen.getByText('Side').closest('.a2ui-weight-1')).not.toBeNull();
  });

  it('names a Button, an Icon and an Image with the accessibility label the agent gives', () => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Row', children: ['go', 'star', 'pic'] },
        {
          id: 'go',
          component: 'Button',
          child: 'go-icon',
          action: { event: { name: 'go' } },
          accessibility: { label: 'Next page' },
        },
        { id: 'go-icon', component: 'Icon', name: 'arrowForward' },
        { id: 'star', component: 'Icon', name: 'star', accessibility: { label: { path: '/rating' } } },
        { id: 'pic', component: 'Image', url: 'https://cdn.example.com/p.png', accessibility: { label: 'A red bike' } },
      ],
      { rating: 'Rated 4 of 5' },
    );
    render(view(surface));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Rated 4 of 5' })).toBeInTheDocument();
    expect(screen.getByText('Image from cdn.example.com: A red bike')).toBeInTheDocument();
  });
});
