import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { surfaceOf } from '@/test/a2ui-surfaces';
import { A2uiSurfaceView } from './a2ui-surface-view';

const corpus = [
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><script>alert(1)</script>',
  "'><svg onload=alert(1)>",
  'data:text/html,<script>alert(1)</script>',
];

describe('A2uiSurfaceView with hostile text', () => {
  it.each(corpus)('keeps %s inert in labels, options, texts, URLs and patterns', async (evil) => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Column', children: ['t', 'f', 'c', 'p', 'i', 'v', 'icon', 'tabs', 'send'] },
        { id: 't', component: 'Text', text: evil, variant: 'h1' },
        { id: 'f', component: 'TextField', label: evil, value: { path: '/f' }, validationRegexp: evil },
        { id: 'c', component: 'CheckBox', label: evil, value: { path: '/c' } },
        {
          id: 'p',
          component: 'ChoicePicker',
          label: evil,
          options: [{ label: evil, value: evil }],
          value: { path: '/p' },
        },
        { id: 'i', component: 'Image', url: evil, description: evil },
        { id: 'v', component: 'Video', url: evil },
        { id: 'icon', component: 'Icon', name: evil, url: evil },
        { id: 'tabs', component: 'Tabs', tabs: [{ title: evil, child: 'bound' }] },
        { id: 'bound', component: 'Text', text: { path: '/evil' } },
        { id: 'send', component: 'Button', child: 'send-label', action: { event: { name: 'submit' } } },
        { id: 'send-label', component: 'Text', text: evil },
      ],
      { f: '', c: false, p: [], evil },
    );
    const onSubmit = vi.fn();
    const { container } = render(
      <A2uiSurfaceView surface={surface} state={{ kind: 'active' }} onSubmit={onSubmit} ariaLabel={evil} />,
    );
    expect(container.querySelector('script, img, svg, iframe, object, embed, video, audio')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
        // Values of inputs may hold the text (inert); nothing that loads or navigates may.
        if (['src', 'href', 'action', 'formaction', 'poster', 'srcset'].includes(attribute.name))
          expect(attribute.value.toLowerCase()).not.toMatch(/^\s*(javascript|data):/);
      }
    }
    expect(screen.getByRole('form', { name: evil })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: evil })).toBeInTheDocument();
    expect(screen.getAllByText(evil).length).toBeGreaterThan(3);
    expect(screen.queryByRole('button', { name: /Load media/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: evil }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps markdown in a Text inert: no raw HTML, no picture loaded, no script link, no formatString escape', async () => {
    const markdown = [
      '**Bold** <img src=x onerror=alert(1)> <script>alert(1)</script>',
      '',
      '- [click](javascript:alert(1)) and ![pic](https://evil.example.com/track.png)',
      '- `${/secret}` stays text',
    ].join('\n');
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Column', children: ['md', 'fmt'] },
        { id: 'md', component: 'Text', text: markdown },
        {
          id: 'fmt',
          component: 'Text',
          text: { call: 'formatString', args: { value: '<b>${/evil}</b> **${/evil}**' } },
        },
      ],
      { secret: 'no', evil: '<img src=x onerror=alert(2)>' },
    );
    const { container } = render(
      <A2uiSurfaceView surface={surface} state={{ kind: 'active' }} onSubmit={vi.fn()} ariaLabel="Agent asks" />,
    );
    expect(await screen.findByText('Bold', {}, { timeout: 10_000 })).toHaveProperty('tagName', 'STRONG');
    expect(container.querySelector('script, img, svg, iframe, object, embed')).toBeNull();
    for (const link of container.querySelectorAll('a'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(container.textContent).toContain('${/secret}');
  });
});
