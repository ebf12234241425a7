import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardFormula, linesToInputs, parseCsv, toCsv } from './csv';

const parsed = (text: string) => {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(result.problems.join(' | '));
  return result;
};
const problems = (text: string) => {
  const result = parseCsv(text);
  return result.ok ? [] : result.problems;
};

describe('parseCsv', () => {
  it('reads the header and rows, with CRLF or LF, a BOM and trailing newlines', () => {
    expect(parsed('\uFEFFinput,tags\r\nhello,a\nworld,b\r\n\r\n')).toEqual({
      ok: true,
      header: ['input', 'tags'],
      rows: [
        ['hello', 'a'],
        ['world', 'b'],
      ],
    });
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    expect(parsed('a,b\n"x, y","say ""hi"""\n"line1\r\nline2",""\n').rows).toEqual([
      ['x, y', 'say "hi"'],
      ['line1\r\nline2', ''],
    ]);
  });

  it('keeps a lone carriage return as a line end (old Mac files)', () => {
    expect(parsed('a\rb\rc').rows).toEqual([['b'], ['c']]);
  });

  it('keeps stray quotes inside an unquoted field, as spreadsheets do', () => {
    expect(parsed('a\n5" screen\n"ab"c\n').rows).toEqual([['5" screen'], ['abc']]);
  });

  it('keeps a row of one quoted empty field, but skips empty lines', () => {
    expect(parsed('a\n\n""\n\nx\n').rows).toEqual([[''], ['x']]);
  });

  it('pads short rows and refuses long ones, naming the row', () => {
    expect(parsed('a,b,c\n1\n').rows).toEqual([['1', '', '']]);
    expect(problems('input\nhello, world\nok\n')).toEqual([
      'Row 2 has 2 fields; the header has 1. Quote text that holds a comma.',
    ]);
  });

  it('names the line too when a multi-line field makes it differ from the row', () => {
    expect(problems('a,b\n"x\ny",1\n1,2,3\n')).toEqual([
      'Row 3 (line 4) has 3 fields; the header has 2. Quote text that holds a comma.',
    ]);
  });

  it('says which row opens a quote that is never closed', () => {
    const unclosed = 'a quoted field is never closed; a quote inside a quoted field is written twice ("").';
    expect(problems('a\nfine\n"broken\nstill\n')).toEqual([`Row 3: ${unclosed}`]);
    expect(problems('a\n"x\ny"\n"open')).toEqual([`Row 3 (line 4): ${unclosed}`]);
  });

  it('lists at most ten row problems', () => {
    const text = `a\n${'1,2\n'.repeat(15)}`;
    expect(problems(text)).toHaveLength(11);
    expect(problems(text).at(-1)).toBe('…and 5 more rows like these.');
  });

  it('refuses an empty file and reads a header alone', () => {
    expect(problems('')).toEqual(['The CSV has no rows, not even a header.']);
    expect(problems('\uFEFF\r\n')).toEqual(['The CSV has no rows, not even a header.']);
    expect(parsed('input\n')).toEqual({ ok: true, header: ['input'], rows: [] });
  });

  it('reads semicolon and tab separated files when told to', () => {
    expect(parseCsv('a;b\n"1;2";3', { delimiter: ';' })).toEqual({
      ok: true,
      header: ['a', 'b'],
      rows: [['1;2', '3']],
    });
    expect(parseCsv('a\tb\n1\t2', { delimiter: '\t' })).toEqual({ ok: true, header: ['a', 'b'], rows: [['1', '2']] });
  });
});

describe('toCsv', () => {
  it('quotes only cells that need it and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['row', 'input'],
        ['1', 'a, "b"\nc'],
      ]),
    ).toBe('row,input\r\n1,"a, ""b""\nc"\r\n');
    expect(toCsv([])).toBe('');
  });

  it('writes a row of one empty cell as "" so it is not read as an empty line', () => {
    expect(toCsv([['h'], [''], []])).toBe('h\r\n""\r\n""\r\n');
  });

  it('quotes a first cell that starts with a byte-order mark, so it is not taken for the file’s', () => {
    expect(toCsv([['\uFEFFx']])).toBe('"\uFEFFx"\r\n');
    expect(parsed(toCsv([['\uFEFFx'], ['y']])).header).toEqual(['\uFEFFx']);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const cells = ['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', 'ok=1'];
    expect(toCsv([cells])).toBe(`"'=HYPERLINK(""http://evil"")",'+1,'-2,'@SUM(A1),ok=1\r\n`);
    expect(guardFormula('\t=1')).toBe("'\t=1");
    expect(guardFormula('\r=1')).toBe("'\r=1");
    expect(guardFormula('plain')).toBe('plain');
  });

  it('round-trips through parseCsv, formula cells coming back guarded (property)', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('', '"', ',', '\r\n', '\n', '\r', '=1+1', '-5', '@x', ' a ', '\uFEFF'),
    );
    const table = fc
      .integer({ min: 1, max: 5 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }),
      );
    fc.assert(
      fc.property(table, (rows) => {
        const result = parseCsv(toCsv(rows));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect([result.header, ...result.rows]).toEqual(rows.map((row) => row.map(guardFormula)));
      }),
    );
  });
});

describe('linesToInputs', () => {
  it('gives one trimmed input per non-blank line, whatever the line ends', () => {
    expect(linesToInputs('\uFEFF first \r\n\r\nsecond\rthird\n   \n')).toEqual(['first', 'second', 'third']);
    expect(linesToInputs('')).toEqual([]);
  });
});
