import { describe, expect, it } from 'vitest';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { surfaceOf } from '@/test/a2ui-surfaces';
import { isPressable, linkOf } from './open-url';

const buttonWith = (action: unknown): ComponentOf<'Button'> => {
  const surface = surfaceOf([{ id: 'root', component: 'Button', child: 'x', action }]);
  const button = surface.components.get('root');
  if (button?.kind !== 'Button') throw new Error('fixture');
  return button;
};

describe('openUrl', () => {
  it('goes to a web address: literal, written out from ${…}, or read from a path', () => {
    const model = { page: 'start', url: 'https://b.example.com/x' };
    const literal = linkOf(
      buttonWith({ functionCall: { call: 'openUrl', args: { url: 'https://a.example.com' } } }),
      model,
      '/',
    );
    expect(literal).toEqual({ url: new URL('https://a.example.com') });
    const written = linkOf(
      buttonWith({ functionCall: { call: 'openUrl', args: { url: 'https://a.example.com/${/page}' } } }),
      model,
      '/',
    );
    expect(written).toEqual({ url: new URL('https://a.example.com/start') });
    const bound = linkOf(
      buttonWith({ functionCall: { call: 'openUrl', args: { url: { path: '/url' } } } }),
      model,
      '/',
    );
    expect(bound).toEqual({ url: new URL('https://b.example.com/x') });
  });

  it('refuses what is not a web address, and is no link for other actions', () => {
    const unreadable = (args: unknown) => linkOf(buttonWith({ functionCall: { call: 'openUrl', args } }), {}, '/');
    expect(unreadable({ url: 'javascript:alert(1)' })).toEqual({ unreadable: 'javascript:alert(1)' });
    expect(unreadable({ url: 'not a uri' })).toEqual({ unreadable: 'not a uri' });
    expect(unreadable('https://example.com')).toEqual({ unreadable: '(empty)' });
    expect(linkOf(buttonWith({ event: { name: 'go' } }), {}, '/')).toBeNull();
    expect(linkOf(buttonWith({ functionCall: { call: 'somethingElse' } }), {}, '/')).toBeNull();
  });

  it('makes a Button pressable when it sends an event or opens a link, not for another local function', () => {
    expect(isPressable(buttonWith({ event: { name: 'go' } }))).toBe(true);
    expect(isPressable(buttonWith({ functionCall: { call: 'openUrl', args: { url: 'https://a.example.com' } } }))).toBe(
      true,
    );
    expect(isPressable(buttonWith({ functionCall: { call: 'somethingElse' } }))).toBe(false);
  });
});
