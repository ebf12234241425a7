import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRows, headerLimits, nameIssues, strippedHeaderNames, valueIssues } from './header-rules';
import type { HeaderRow } from './profiles';

let next = 0;
const row = (name: string, value = 'v', enabled = true): HeaderRow => ({ id: `r${(next += 1)}`, name, value, enabled });
const messages = (issues: readonly { message: string }[]) => issues.map((issue) => issue.message).join(' | ');
const errors = (issues: readonly { level: string; message: string }[]) =>
  issues.filter((issue) => issue.level === 'error');

describe('header names', () => {
  it('accepts the usual X-* names without a word', () => {
    for (const name of ['X-Tenant-ID', 'x-correlation-id', 'X-A', "X-!#$%&'*+-.^_`|~09az"])
      expect(nameIssues(name)).toEqual([]);
  });

  it('says where a space is and what to use instead', () => {
    const [issue] = nameIssues('X-Tenant ID');
    expect(issue).toMatchObject({ level: 'error', field: 'name' });
    expect(issue?.message).toContain('a space at position 9');
    expect(issue?.message).toContain('hyphen');
  });

  it('names the character that is not allowed', () => {
    expect(messages(nameIssues('X-Tenant:ID'))).toContain('“:” at position 9');
    expect(messages(nameIssues('X-Tenänt'))).toContain('“ä” at position 6');
    expect(messages(nameIssues('X-A\u0001'))).toContain('control character (U+0001)');
  });

  it('requires the X- prefix, a name after it, and a bounded length', () => {
    expect(messages(nameIssues('Tenant-ID'))).toContain('does not start with X-');
    expect(messages(nameIssues('X-'))).toContain('after “X-”');
    expect(messages(nameIssues(''))).toContain('Give the header a name');
    expect(messages(nameIssues(`X-${'a'.repeat(headerLimits.nameLength)}`))).toContain(
      `at most ${headerLimits.nameLength}`,
    );
  });

  it('warns about every name platforms strip, and refuses the non-X ones', () => {
    for (const name of strippedHeaderNames) {
      const issues = nameIssues(name.toUpperCase());
      const text = messages(issues);
      if (name.startsWith('x-')) {
        expect(errors(issues)).toEqual([]);
        expect(text).toContain('will not be forwarded');
      } else {
        expect(text).toMatch(/does not start with X-.*strip/);
      }
    }
  });

  it('accepts any X- name made of RFC 9110 token characters, and refuses any other character', () => {
    const tchar = fc.constantFrom(
      ..."!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split(''),
    );
    fc.assert(
      fc.property(fc.array(tchar, { minLength: 1, maxLength: 60 }), (chars) => {
        const name = `X-${chars.join('')}`;
        fc.pre(!strippedHeaderNames.includes(name.toLowerCase() as (typeof strippedHeaderNames)[number]));
        expect(nameIssues(name)).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 1 })
          .filter((char) => !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/.test(char) && char.trim() !== ''),
        (char) => {
          expect(errors(nameIssues(`X-A${char}B`))).toHaveLength(1);
        },
      ),
    );
  });
});

describe('header values', () => {
  it('refuses line breaks, naming them, because they could smuggle in another header', () => {
    for (const value of ['acme\r\nX-Role: admin', 'a\nb', 'a\rb']) {
      const [issue] = errors(valueIssues(value));
      expect(issue?.message).toMatch(/line break at position 5|line break at position 2/);
    }
  });

  it('refuses other control characters but allows a tab', () => {
    expect(messages(valueIssues('a\u0007b'))).toContain('control character (U+0007) at position 2');
    expect(messages(valueIssues('a\u007fb'))).toContain('U+007F');
    expect(errors(valueIssues('a\tb'))).toEqual([]);
  });

  it('refuses characters browsers cannot put in a header, and over-long values', () => {
    expect(messages(valueIssues('café ☕'))).toContain('“☕” at position 6');
    expect(errors(valueIssues('café'))).toEqual([]);
    expect(messages(valueIssues('a'.repeat(headerLimits.valueLength + 1)))).toContain(
      `at most ${headerLimits.valueLength}`,
    );
  });

  it('warns about what sending changes: empty values and surrounding spaces', () => {
    expect(valueIssues('')).toEqual([
      expect.objectContaining({ level: 'warning', message: expect.stringContaining('empty') }),
    ]);
    expect(valueIssues(' acme ')).toEqual([
      expect.objectContaining({ level: 'warning', message: expect.stringContaining('dropped') }),
    ]);
  });

  it('refuses unknown and unclosed placeholders', () => {
    expect(messages(valueIssues('{{tenant}}'))).toContain('Unknown placeholder {{tenant}}');
    expect(messages(valueIssues('id-{{uuid'))).toContain('not closed');
    expect(errors(valueIssues('{{ uuid }}-{{now}}'))).toEqual([]);
  });
});

describe('checkRows', () => {
  it('flags duplicate names ignoring case, only among enabled rows', () => {
    const first = row('X-Tenant-ID', 'acme');
    const second = row('x-tenant-id', 'globex');
    const off = row('X-TENANT-ID', 'initech', false);
    const check = checkRows([first, second, off]);
    expect(check.byRow[first.id]).toBeUndefined();
    expect(messages(check.byRow[second.id] ?? [])).toContain('already header 1');
    expect(check.byRow[off.id]).toBeUndefined();
    expect(check.blocking).toEqual([expect.stringMatching(/^Header 2 \(x-tenant-id\): .*already header 1/)]);
  });

  it('shows problems of disabled rows but does not block on them, and ignores blank rows', () => {
    const broken = row('X Bad', 'a', false);
    const blank = row('', '');
    const check = checkRows([broken, blank]);
    expect(check.byRow[broken.id]).toHaveLength(1);
    expect(check.byRow[blank.id]).toBeUndefined();
    expect(check.blocking).toEqual([]);
  });

  it('limits the number of rows', () => {
    const rows = Array.from({ length: headerLimits.rows + 2 }, (_, index) => row(`X-H${index}`));
    const check = checkRows(rows);
    expect(check.setProblems).toEqual([`A profile holds at most ${headerLimits.rows} headers; remove 2.`]);
    expect(check.blocking[0]).toBe(check.setProblems[0]);
  });
});
