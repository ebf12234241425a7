import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProfileImport, type HeaderRow } from './profiles';
import { resolveHeaders } from './resolve-headers';

// 10,000 generated inputs each: whatever a person types or imports, the rules answer (never throw), and what
// they let through is a header the browser's fetch accepts, with every template filled.

const fragments = [
  'X-',
  'x-tenant-id',
  '{{uuid}}',
  '{{session_id}}',
  '{{user.email}}',
  '{{nope}}',
  '{{',
  '}}',
  '\r\n',
  '\0',
  ' ',
  'é',
  '😀',
  ':',
  ',',
];
const headerText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(fc.constantFrom(...fragments), { maxLength: 6 }).map((parts) => parts.join('')),
);
// Mostly plausible rows (so sets often pass and the accepting side is really exercised), some hostile ones.
const plausibleName = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/).map((rest) => `X-${rest}`);
const plausibleValue = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('', '{{uuid}}', '{{session_id}}', '{{user.sub}}', '{{ now }}'))
  .map(([text, template]) => `${text}${template}`);
const row = fc.record({
  id: fc.uuid(),
  name: fc.oneof({ arbitrary: plausibleName, weight: 12 }, { arbitrary: headerText, weight: 1 }),
  value: fc.oneof({ arbitrary: plausibleValue, weight: 12 }, { arbitrary: headerText, weight: 1 }),
  enabled: fc.boolean(),
});
const context = {
  uuid: () => '0b7c1a52-3f7e-4c8e-9d0a-0f7f1b3c5d6e',
  now: () => new Date('2026-11-23T10:00:00Z'),
  purpose: 'workflow',
  sessionId: 's-1',
  user: { sub: 'user-1', email: 'ada@example.test' },
};

describe('header rules under generated input', () => {
  it('let through only headers fetch accepts, with no template left unfilled', () => {
    let sent = 0;
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows: HeaderRow[]) => {
        const result = resolveHeaders(rows, context);
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          return;
        }
        const headers = new Headers();
        sent += result.headers.length;
        for (const header of result.headers) {
          expect(() => headers.set(header.name, header.value)).not.toThrow();
          expect(header.name.toLowerCase().startsWith('x-')).toBe(true);
          expect(header.value).not.toMatch(/\{\{|\}\}/);
        }
      }),
      { numRuns: 10_000, seed: 7 },
    );
    // The generator must reach the accepting side often, or the property above would prove nothing.
    expect(sent).toBeGreaterThan(500);
  }, 60_000);

  it('read any imported file without throwing, naming what is wrong', () => {
    const file = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      fc
        .record({
          format: fc.constant('assistant-console/header-profiles'),
          version: fc.constantFrom(1, 2, '1'),
          profiles: fc.anything({ maxDepth: 3 }),
        })
        .map((value) => JSON.stringify(value)),
    );
    let ids = 0;
    fc.assert(
      fc.property(file, (text) => {
        const result = parseProfileImport(text, () => `id-${(ids += 1)}`);
        if (!result.ok) expect(result.problems.every((problem) => problem.trim().length > 0)).toBe(true);
      }),
      { numRuns: 10_000, seed: 11 },
    );
  }, 60_000);
});
