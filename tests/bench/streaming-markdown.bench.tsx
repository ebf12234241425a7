// @vitest-environment jsdom
// Render cost while an answer streams: a 1,500-word markdown answer arriving in 150 frames, re-rendered each
// frame as a whole document versus block by block (only the growing last block re-parses).
import { cleanup, render } from '@testing-library/react';
import { bench, describe } from 'vitest';
import { GrowingMarkdown, Markdown } from '@/ui/markdown';

const section = (index: number) =>
  `## Part ${index}\n\nSome prose about part ${index} with **bold** words and \`code\`.\n\n- point one\n- point two\n\n| a | b |\n|---|---|\n| ${index} | ${index * 2} |\n\n\`\`\`ts\nconst part = ${index};\n\`\`\``;
const answer = Array.from({ length: 25 }, (_, index) => section(index)).join('\n\n');
const frames = Array.from({ length: 150 }, (_, index) => answer.slice(0, Math.ceil(((index + 1) / 150) * answer.length)));

describe('streaming a long markdown answer', () => {
  bench('whole document re-rendered every frame', () => {
    const { rerender } = render(<Markdown text={frames[0] ?? ''} />);
    for (const text of frames) rerender(<Markdown text={text} />);
    cleanup();
  }, { iterations: 3 });

  bench('only the growing block re-rendered', () => {
    const { rerender } = render(<GrowingMarkdown text={frames[0] ?? ''} />);
    for (const text of frames) rerender(<GrowingMarkdown text={text} />);
    cleanup();
  }, { iterations: 3 });
});
