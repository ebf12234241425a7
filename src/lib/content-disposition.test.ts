import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition } from './content-disposition';

describe('fileNameOfDisposition', () => {
  it('reads a quoted or bare filename', () => {
    expect(fileNameOfDisposition('attachment; filename="Quarterly report.pdf"')).toBe('Quarterly report.pdf');
    expect(fileNameOfDisposition('attachment; filename=notes.docx')).toBe('notes.docx');
    expect(fileNameOfDisposition('attachment; filename="say \\"hi\\".json"')).toBe('say "hi".json');
  });

  it('prefers filename* (UTF-8) over the ASCII fallback', () => {
    expect(fileNameOfDisposition(`attachment; filename="Rsum.json"; filename*=UTF-8''R%C3%A9sum%C3%A9.json`)).toBe(
      'Résumé.json',
    );
  });

  it('falls back when filename* is broken, drops paths, and answers undefined without a name', () => {
    expect(fileNameOfDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('a.pdf');
    expect(fileNameOfDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOfDisposition('attachment')).toBeUndefined();
    expect(fileNameOfDisposition(null)).toBeUndefined();
  });
});
