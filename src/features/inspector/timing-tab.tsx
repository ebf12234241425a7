import type { RequestLogEntry } from '@/api/client/request-log';
import { describeStreamHealth, type StreamHealth } from '@/domain/stream/stream-health';
import { callTiming, type CallTiming } from './call-timing';
import '@/ui/kv-table.css';

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toLocaleString()} ms`);

const percent = (part: number, whole: number) => `${Math.min(100, Math.max(0, (part / Math.max(1, whole)) * 100))}%`;

/** The call on one bar, like a waterfall row: waiting for the response, then receiving it (the stream, if any). */
function Waterfall({ timing }: { timing: CallTiming }) {
  const { total, firstByte } = timing;
  if (total === undefined) return null;
  const waiting = firstByte ?? total;
  const label = `Waterfall: waiting ${ms(waiting)}, receiving ${ms(total - waiting)}`;
  return (
    <div className="waterfall" role="img" aria-label={label} title={label}>
      <span className="waterfall-waiting" style={{ left: 0, width: percent(waiting, total) }} />
      <span
        className="waterfall-receiving"
        style={{ left: percent(waiting, total), width: percent(total - waiting, total) }}
      />
    </div>
  );
}

/** The chat's measure of the stream: first token, rate, gaps, chunks per frame and render lag. */
function StreamHealthTable({ health }: { health: StreamHealth }) {
  const words = describeStreamHealth(health);
  return (
    <>
      <h3>Stream health</h3>
      {words.warnings.length ? <p className="small">Unusual: {words.warnings.join('; ')}</p> : null}
      <table className="kv-table timing-table" aria-label="Stream health">
        <tbody>
          {words.rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="mono">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** When the call started, how long until the server answered, and how long its answer took to arrive. */
export function TimingTab({ entry }: { entry: RequestLogEntry }) {
  const timing = callTiming(entry);
  const rows: [string, string][] = [
    ['Started', new Date(entry.startedAt).toLocaleString()],
    ['Waiting for the response (time to first byte)', ms(timing.firstByte)],
    ...(entry.stream
      ? ([
          ['First chunk', ms(timing.firstChunk)],
          ['Stream (first to last chunk)', ms(timing.stream)],
        ] as [string, string][])
      : []),
    ['Total', timing.total === undefined ? 'still running' : ms(timing.total)],
  ];
  return (
    <section>
      <h3>Timing</h3>
      <table className="kv-table timing-table" aria-label="Timing">
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="mono">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Waterfall timing={timing} />
      {entry.streamHealth ? <StreamHealthTable health={entry.streamHealth} /> : null}
    </section>
  );
}
