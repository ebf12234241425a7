// A conversation as a Word document, made with docx (MIT): the name as title, then each turn with its speaker and time.
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { Transcript, TranscriptTurn } from './transcript';

const lines = (text: string, options: { font?: string; italics?: boolean } = {}): Paragraph[] =>
  text.split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, ...options })] }));

function turnParagraphs(turn: TranscriptTurn): Paragraph[] {
  const heading = turn.date ? `${turn.speaker} - ${turn.date}` : turn.speaker;
  return [
    new Paragraph({ text: heading, heading: HeadingLevel.HEADING_2 }),
    ...lines(turn.text),
    ...(turn.files.length > 0 ? lines(`Attachments: ${turn.files.join(', ')}`, { italics: true }) : []),
    ...turn.tools.flatMap((tool) => [
      new Paragraph({ text: `Tool: ${tool.name}`, heading: HeadingLevel.HEADING_3 }),
      ...(tool.input ? lines(`Input: ${tool.input}`, { font: 'Courier New' }) : []),
      ...(tool.output ? lines(`Output: ${tool.output}`, { font: 'Courier New' }) : []),
    ]),
  ];
}

export function transcriptDocx(transcript: Transcript): Promise<Buffer> {
  const doc = new Document({
    title: transcript.title,
    creator: 'CodeMie',
    sections: [
      {
        children: [
          new Paragraph({ text: transcript.title, heading: HeadingLevel.TITLE }),
          ...transcript.turns.flatMap(turnParagraphs),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
