import { memo, useState } from 'react';
import type { LoggedChunk, RequestLogEntry } from '@/api/client/request-log';
import { formatOffset, summarizeChunk, type ChunkSummary } from '@/domain/stream/chunk-summary';
import { prettyJson } from '@/domain/thoughts/thought-details';
import { Button } from '@/ui/button';
import { CodeBlock } from '@/ui/markdown/code-block';

// A logged chunk never changes once kept, so each is read once however often the log re-renders while streaming.
const summaries = new WeakMap<LoggedChunk, ChunkSummary>();
function summaryOf(chunk: LoggedChunk): ChunkSummary {
  let summary = summaries.get(chunk);
  if (!summary) {
    summary = summarizeChunk(chunk.text, chunk.malformed);
    summaries.set(chunk, summary);
  }
  return summary;
}

/** Rows shown before "Show all": enough to read a short answer whole, few enough that a long stream stays quick. */
export const firstChunksShown = 200;

/** One chunk: its offset, kind and gist on a line; opened, the chunk pretty-printed (rendered only when open). */
const ChunkRow = memo(function ChunkRow({ chunk }: { chunk: LoggedChunk }) {
  const [open, setOpen] = useState(false);
  const { kind, summary } = summaryOf(chunk);
  const pretty = open ? prettyJson(chunk.text) : null;
  return (
    <li className={chunk.malformed ? 'chunk-row chunk-malformed' : 'chunk-row'}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className="chunk-offset">{formatOffset(chunk.at)}</span>
          <span className="chunk-kind">{kind}</span>
          <span className="chunk-summary">{summary}</span>
        </summary>
        {pretty ? (
          <CodeBlock code={pretty.text} language={pretty.isJson ? 'json' : undefined} highlight={false} />
        ) : null}
      </details>
    </li>
  );
});

/** A stream as DevTools shows an EventStream: one row per chunk, newest last, each expandable to its JSON. */
export function ChunkTimeline({ stream }: { stream: NonNullable<RequestLogEntry['stream']> }) {
  const [all, setAll] = useState(false);
  const { chunks, droppedChunks, wire } = stream;
  const total = chunks.length + droppedChunks;
  const shown = all ? chunks : chunks.slice(0, firstChunksShown);
  return (
    <section>
      <h3>
        Stream ({wire}) · {total} chunk{total === 1 ? '' : 's'}
      </h3>
      {droppedChunks ? (
        <p className="field-warning">
          Only the first {chunks.length} chunks are kept here; {droppedChunks} more arrived.
        </p>
      ) : null}
      {chunks.length === 0 ? (
        <p className="muted small">No chunk yet.</p>
      ) : (
        <ol className="chunk-timeline mono small" aria-label="Stream chunks">
          {shown.map((chunk, index) => (
            <ChunkRow key={index} chunk={chunk} />
          ))}
        </ol>
      )}
      {shown.length < chunks.length ? (
        <Button size="small" onClick={() => setAll(true)}>
          Show all {chunks.length.toLocaleString()} chunks
        </Button>
      ) : null}
    </section>
  );
}
