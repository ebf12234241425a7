import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoggedChunk } from '@/api/client/request-log';
import { ChunkTimeline, firstChunksShown } from './chunk-timeline';

const textChunk = (index: number): LoggedChunk => ({
  at: index * 20,
  text: JSON.stringify({ generated_chunk: `word ${index} `, thought: null, last: null }),
});

describe('the stream timeline', () => {
  it('shows each chunk on a line with its offset and kind, and opens one as indented JSON', async () => {
    const chunks = [textChunk(1), { at: 1234, text: '{"last":true,"time_elapsed":1.2,"generated":"Done."}' }];
    render(<ChunkTimeline stream={{ wire: 'sse', chunks, droppedChunks: 0 }} />);
    const rows = within(screen.getByRole('list', { name: 'Stream chunks' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('summary')?.textContent)).toEqual([
      '+0.020 stext"word 1 "',
      '+1.234 slastafter 1.2 s · "Done."',
    ]);
    expect(rows[0]?.querySelector('pre')).toBeNull();

    await userEvent.click(screen.getByText('"word 1 "'));
    expect(rows[0]?.querySelector('pre')?.textContent).toBe(
      '{\n  "generated_chunk": "word 1 ",\n  "thought": null,\n  "last": null\n}',
    );
  });

  it('keeps a long stream quick: the first rows at once, all of them on request', async () => {
    const chunks = Array.from({ length: firstChunksShown + 50 }, (_, index) => textChunk(index));
    render(<ChunkTimeline stream={{ wire: 'ndjson', chunks, droppedChunks: 7 }} />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      `Stream (ndjson) · ${firstChunksShown + 57} chunks`,
    );
    expect(screen.getByText(/7 more arrived/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Stream chunks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(firstChunksShown);

    await userEvent.click(screen.getByRole('button', { name: `Show all ${firstChunksShown + 50} chunks` }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(firstChunksShown + 50);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });
});
