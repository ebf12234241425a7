import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogAvatar, drawableIcon } from './catalog-avatar';

const origin = 'https://console.test';

describe('the icon filter', () => {
  it('draws paths on this origin and data: pictures', () => {
    for (const url of ['/icons/a.png', '/a', '/a/b?c=d#e', '/%2F%2Fhost/x.png', 'data:image/png;base64,AAAA']) {
      expect(drawableIcon(url), url).toBe(true);
      if (url.startsWith('/')) expect(new URL(url, origin).origin, url).toBe(origin);
    }
  });

  it('refuses every address a browser would take to another origin or run', () => {
    const tricky = [
      '//evil.test/x.png',
      '/\\evil.test/x.png',
      '\\\\evil.test/x.png',
      '\\/evil.test/x.png',
      '/\t/evil.test/x.png',
      '/\n/evil.test/x.png',
      '/\r\\evil.test',
      ' //evil.test/x.png',
      '/a\\..\\..\\\\evil.test',
      'https://evil.test/x.png',
      'HTTP://evil.test/x.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PHNjcmlwdD4=',
      'x.png',
      '',
    ];
    for (const url of tricky) expect(drawableIcon(url), JSON.stringify(url)).toBe(false);
  });

  it('shows the initial instead of a refused icon', () => {
    const { container } = render(<CatalogAvatar item={{ id: 'a', name: 'atlas', iconUrl: '/\\evil.test/x.png' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('A');
  });
});
