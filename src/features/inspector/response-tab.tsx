import type { RequestLogEntry } from '@/api/client/request-log';
import { prettyJson } from '@/domain/thoughts/thought-details';
import { ChunkTimeline } from './chunk-timeline';

/** What came back: a stream as a timeline of its chunks, any other body pretty-printed. */
export function ResponseTab({ entry }: { entry: RequestLogEntry }) {
  if (entry.stream) return <ChunkTimeline stream={entry.stream} />;
  if (entry.responseBody === undefined)
    return (
      <p className="muted small">{entry.state === 'pending' ? 'Waiting for the response…' : 'No response body.'}</p>
    );
  return (
    <section>
      <h3>Response body</h3>
      {entry.responseTruncated ? <p className="field-warning">Cut at 256 KB.</p> : null}
      <pre className="pre-block" aria-label="Response body" tabIndex={0}>
        {prettyJson(entry.responseBody).text}
      </pre>
    </section>
  );
}
