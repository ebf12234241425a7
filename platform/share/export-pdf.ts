// A conversation as a PDF, made with pdfkit (MIT): the name as title, then each turn with its speaker and time.
import PDFDocument from 'pdfkit';
import type { Transcript } from './transcript';

/** pdfkit's built-in Helvetica encodes WinAnsi only: other characters are replaced, never dropped silently. */
const printable = (text: string): string =>
  [...text].map((char) => (char === '\n' || (char >= ' ' && char <= '\u00ff') ? char : '?')).join('');

export function transcriptPdf(transcript: Transcript): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: transcript.title, Creator: 'CodeMie' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(printable(transcript.title));
    for (const turn of transcript.turns) {
      doc.moveDown();
      const heading = turn.date ? `${turn.speaker} - ${turn.date}` : turn.speaker;
      doc.font('Helvetica-Bold').fontSize(11).text(printable(heading));
      doc.font('Helvetica').fontSize(10).text(printable(turn.text));
      if (turn.files.length > 0) doc.font('Helvetica-Oblique').text(printable(`Attachments: ${turn.files.join(', ')}`));
      for (const tool of turn.tools) {
        doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .text(printable(`Tool: ${tool.name}`));
        doc.font('Courier').fontSize(8);
        if (tool.input) doc.text(printable(`Input: ${tool.input}`));
        if (tool.output) doc.text(printable(`Output: ${tool.output}`));
      }
    }
    doc.end();
  });
}
