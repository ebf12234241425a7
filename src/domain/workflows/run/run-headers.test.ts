import { describe, expect, it } from 'vitest';
import { headersLine } from './run-headers';

const header = { name: 'X-Tenant', template: 'acme', value: 'acme', stripped: false };

describe('headersLine', () => {
  it('says how many headers were sent with propagate_headers', () => {
    expect(headersLine({ profileName: 'Demo', propagate: true, headers: [header], notSent: [] })).toBe(
      'Demo · 1 header sent, propagate_headers: true',
    );
  });

  it('says forwarding was off only when headers were held back for it', () => {
    expect(headersLine({ profileName: 'Demo', propagate: false, headers: [], notSent: ['X-Tenant', 'X-Team'] })).toBe(
      'Demo · forwarding off: 2 headers not sent',
    );
  });

  it('says a profile with nothing enabled sent none, whether forwarding was on or off (not "forwarding off")', () => {
    expect(headersLine({ profileName: 'Default', propagate: false, headers: [], notSent: [] })).toBe(
      'Default · none sent: the profile has no enabled headers',
    );
    expect(headersLine({ profileName: null, propagate: false, headers: [], notSent: [] })).toBe(
      'no profile · none sent',
    );
    expect(headersLine(null)).toBe('—');
  });
});
