// @vitest-environment jsdom
// Render cost while an answer streams: a 1,500-word markdown answer arriving in 150 frames, re-rendered each
// frame as a whole document with react-markdown (the baseline) versus block by block (only the growing last
// block re-parses); and the cost of splitting per update at 10 and 200 KB.
import { cleanup, render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { bench, describe } from 'vitest';
import { extendBlocks, flatCopy, splitBlocks } from '@/domain/answer/markdown-blocks';
import { MarkdownBlocks } from '@/ui/markdown/markdown-render';

const section = (index: number) =>
  `## Part ${index}\n\nSome prose about part ${index} with **bold** words and \`code\`.\n\n- point one\n- point two\n\n| a | b |\n|---|---|\n| ${index} | ${index * 2} |\n\n\`\`\`ts\nconst part = ${index};\n\`\`\``;
const answer = Array.from({ length: 25 }, (_, index) => section(index)).join('\n\n');
const frames = Array.from({ length: 150 }, (_, index) =>
  answer.slice(0, Math.ceil(((index + 1) / 150) * answer.length)),
);

const long = Array.from({ length: 1_000 }, (_, index) => section(index))
  .join('\n\n')
  .slice(0, 200_000);

const Whole = ({ text }: { text: string }) => <ReactMarkdown remarkPlugins={[remarkGfm]}>{text}</ReactMarkdown>;

describe('streaming a long markdown answer', () => {
  bench(
    'whole document re-rendered every frame (baseline)',
    () => {
      const { rerender } = render(<Whole text={frames[0] ?? ''} />);
      for (const text of frames) rerender(<Whole text={text} />);
      cleanup();
    },
    { iterations: 3 },
  );

  bench(
    'only the growing block re-rendered',
    () => {
      const { rerender } = render(<MarkdownBlocks text={frames[0] ?? ''} />);
      for (const text of frames) rerender(<MarkdownBlocks text={text} />);
      cleanup();
    },
    { iterations: 3 },
  );
});

// The split per update: extending the previous split costs the same at 10 KB and at 200 KB; splitting the
// whole text again (what every update did before) grows with the answer.
// Copies, as a stream builds new strings: slices of one parent could be compared by pointer.
const grown = (size: number) => {
  const text = flatCopy(long.slice(0, size));
  return { previous: splitBlocks(flatCopy(text.slice(0, size - 100))), text };
};
const at10 = grown(10_000);
const at200 = grown(200_000);

describe('splitting per update', () => {
  bench('extend the previous split, 10 KB answer', () => void extendBlocks(at10.previous, at10.text));
  bench('extend the previous split, 200 KB answer', () => void extendBlocks(at200.previous, at200.text));
  bench('split the whole text again, 200 KB answer (before)', () => void splitBlocks(at200.text));
});
