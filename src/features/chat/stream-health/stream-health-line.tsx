import { describeStreamHealth, type StreamHealth } from '@/domain/stream/stream-health';
import './stream-health.css';
import '@/ui/kv-table.css';

/**
 * How the answer's stream travelled, as one quiet line under it ("TTFB 120 ms · first token 340 ms · 48 tok/s ·
 * max gap 0.9 s") that opens into every figure. A turn whose stream went silent for long, or whose frames were shown
 * late, says so on the line itself.
 */
export function StreamHealthLine({ health }: { health: StreamHealth }) {
  // No chunk travelled (a refusal, a failure before the stream): there is no stream to describe.
  if (health.chunks === 0) return null;
  const words = describeStreamHealth(health);
  const unusual = words.warnings.length > 0;
  return (
    <details className={`stream-health${unusual ? ' stream-health-unusual' : ''}`}>
      <summary className="small">
        <span className="visually-hidden">Stream health: </span>
        {words.summary}
        {unusual ? <span className="stream-health-warning"> · Unusual: {words.warnings.join('; ')}</span> : null}
      </summary>
      <table className="kv-table stream-health-table small" aria-label="Stream health">
        <tbody>
          {words.rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="mono">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
