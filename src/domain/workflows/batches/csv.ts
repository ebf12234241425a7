export type CsvDelimiter = ',' | ';' | '\t';
export type ParsedCsv = { ok: true; header: string[]; rows: string[][] } | { ok: false; problems: string[] };

interface CsvRecord {
  fields: string[];
  line: number;
}

const maxProblems = 10;

/** Reads RFC 4180 text into records; the one problem it can meet is a quote never closed. */
function readRecords(
  text: string,
  delimiter: CsvDelimiter,
): { records: CsvRecord[]; unclosedAt?: { row: number; line: number } } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false; // the current field began with a quote
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endField = () => {
    fields.push(field);
    field = '';
    quoted = false;
  };
  const endRecord = () => {
    // An empty line (nothing, not even "") is skipped: files often end with one or two.
    const blank = fields.length === 0 && field === '' && !quoted;
    if (!blank) {
      endField();
      records.push({ fields, line: recordLine });
    }
    fields = [];
    field = '';
    quoted = false;
  };
  for (let position = 0; position < text.length; position += 1) {
    const character = text.charAt(position);
    if (inQuotes) {
      if (character === '"' && text.charAt(position + 1) === '"') {
        field += '"';
        position += 1;
      } else if (character === '"') inQuotes = false;
      else {
        field += character;
        if (character === '\n' || (character === '\r' && text.charAt(position + 1) !== '\n')) line += 1;
      }
    } else if (character === '"' && field === '' && !quoted) {
      inQuotes = true;
      quoted = true;
      quoteLine = line;
    } else if (character === delimiter) endField();
    else if (character === '\r' || character === '\n') {
      if (character === '\r' && text.charAt(position + 1) === '\n') position += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += character; // a stray quote inside a field is kept as written, as spreadsheets do
  }
  if (inQuotes) return { records, unclosedAt: { row: records.length + 1, line: quoteLine } };
  endRecord();
  return { records };
}

const rowName = (row: number, line: number) => (row === line ? `Row ${row}` : `Row ${row} (line ${line})`);

/**
 * Parses CSV as spreadsheets write it (RFC 4180): quoted fields with doubled quotes, CRLF or LF, a leading BOM,
 * any trailing newlines. The first record is the header. A row shorter than the header is padded with empty
 * cells (some tools drop trailing empty cells); a longer one is a problem, because it almost always means an
 * unquoted comma in the text, which would otherwise run the wrong input.
 */
export function parseCsv(text: string, options: { delimiter?: CsvDelimiter } = {}): ParsedCsv {
  const { records, unclosedAt } = readRecords(text.replace(/^\uFEFF/, ''), options.delimiter ?? ',');
  if (unclosedAt) {
    return {
      ok: false,
      problems: [
        `${rowName(unclosedAt.row, unclosedAt.line)}: a quoted field is never closed; a quote inside a quoted field is written twice ("").`,
      ],
    };
  }
  const [first, ...rest] = records;
  if (!first) return { ok: false, problems: ['The CSV has no rows, not even a header.'] };
  const width = first.fields.length;
  const problems: string[] = [];
  const rows = rest.map((record, position) => {
    if (record.fields.length > width) {
      const name = rowName(position + 2, record.line);
      problems.push(
        `${name} has ${record.fields.length} fields; the header has ${width}. Quote text that holds a comma.`,
      );
    }
    return record.fields.length < width
      ? [...record.fields, ...Array<string>(width - record.fields.length).fill('')]
      : record.fields;
  });
  if (problems.length > maxProblems) {
    problems.splice(maxProblems, problems.length, `…and ${problems.length - maxProblems} more rows like these.`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, header: first.fields, rows };
}

/** Pasted lines, one input each: surrounding spaces are dropped, and blank lines skipped. */
export const linesToInputs = (text: string): string[] =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * Defuses CSV formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return, which some skip before one) as a formula, and inputs and outputs here come from users and models.
 * The leading ' makes it text. Negative numbers get the quote too; that is the price of a rule that is safe.
 */
export const guardFormula = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

// A leading BOM is quoted so a reader does not take it for the file's byte-order mark and drop it.
const needsQuotes = /[",\r\n]|^\uFEFF/;

function csvCell(cell: string, alone: boolean): string {
  const safe = guardFormula(cell);
  // A row of one empty cell would be an empty line, which readers skip: "" keeps the row.
  if (needsQuotes.test(safe) || (alone && safe === '')) return `"${safe.replaceAll('"', '""')}"`;
  return safe;
}

function csvLine(row: readonly string[]): string {
  const cells = row.length === 0 ? [''] : row;
  return cells.map((cell) => csvCell(cell, cells.length === 1)).join(',');
}

/** CSV text (RFC 4180, CRLF line ends, a final CRLF) for rows of cells, every cell guarded against formulas. */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => `${csvLine(row)}\r\n`).join('');
