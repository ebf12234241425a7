// The Bench Streamer (npm run bench:browser): a long realistic markdown answer streamed at a fixed token rate,
// with markers carrying the server's send time so a browser can measure chunk-sent → painted latency; or a
// thought tree of many nodes. The question sets it up: "bench rate=1000 size=200000 every=2000", "bench tree nodes=1000";
// "wire=ndjson" streams it as deployed servers do, whatever the assistant's own wire. "chunks=30" sends the tokens due
// in 30 wire chunks a second (a chunk each 1/30 s) instead of one chunk a token; "hold=1000" waits that long after the
// last token before the stream ends, so a browser handles the last chunk apart from the end of the answer.
import { emptyWireChunk, type WireChunk } from '../../wire';
import { pause } from '../../sse';
import type { StreamWire } from '../../stream-writer';
import { benchPieces, markerText } from './bench-text';
import type { ScriptInput } from '../script';
import { StepList, type ScriptedRun } from '../steps';
import { ThoughtScript } from '../thoughts';

export interface BenchSettings {
  /** Word tokens per second. */
  rate: number;
  /** Characters of answer, about. */
  size: number;
  /** Characters between timing markers, at least. */
  every: number;
  /** Thought nodes, for a tree answer; 0 for a text answer. */
  nodes: number;
  /** Wire chunks a second, each carrying the tokens then due; 0: one chunk a token. */
  chunks: number;
  /** Milliseconds between the last token and the end of the stream. */
  hold: number;
}

const limits: Record<keyof BenchSettings, [number, number, number]> = {
  rate: [1000, 1, 1_000_000],
  size: [200_000, 100, 5_000_000],
  every: [2000, 200, 1_000_000],
  nodes: [1000, 1, 20_000],
  chunks: [0, 1, 1000],
  hold: [0, 0, 10_000],
};

export function benchSettings(question: string): BenchSettings {
  const read = (name: keyof BenchSettings): number => {
    const [fallback, min, max] = limits[name];
    const found = new RegExp(`\\b${name}=(\\d+)`).exec(question)?.[1];
    return found === undefined ? fallback : Math.min(max, Math.max(min, Number(found)));
  };
  return {
    rate: read('rate'),
    size: read('size'),
    every: read('every'),
    nodes: /\btree\b/.test(question) ? read('nodes') : 0,
    chunks: /\bchunks=/.test(question) ? read('chunks') : 0,
    hold: read('hold'),
  };
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable with a browser's timeOrigin + now(). */
const wallClock = (): number => performance.timeOrigin + performance.now();

/** The wire the question asks for ("wire=ndjson" or "wire=sse"), if any. */
export const benchWire = (question: string): StreamWire | undefined =>
  /\bwire=(ndjson|sse)\b/.exec(question)?.[1] as StreamWire | undefined;

export function benchRun(input: ScriptInput): ScriptedRun {
  const settings = benchSettings(input.question);
  const run = settings.nodes > 0 ? treeRun(input.question, settings.nodes) : textRun(settings);
  const wire = benchWire(input.question);
  return wire ? { ...run, wire } : run;
}

function textRun({ rate, size, every, chunks, hold }: BenchSettings): ScriptedRun {
  const pieces = benchPieces(size, every);
  const placeholder = pieces
    .map((piece) => (typeof piece === 'string' ? piece : markerText(piece.marker, 0, false)))
    .join('');
  const play = async (send: (chunk: WireChunk) => void, signal: AbortSignal): Promise<void> => {
    let text = '';
    const started = performance.now();
    const tokenAt = (index: number): string => {
      const piece = pieces[index] as (typeof pieces)[number];
      return typeof piece === 'string' ? piece : markerText(piece.marker, wallClock(), index === pieces.length - 1);
    };
    // Each token is due at started + index / rate (with chunks, each chunk at started + its number / chunks): a
    // schedule by the clock, so timer lateness never slows the rate.
    for (let index = 0, sentChunks = 0; index < pieces.length;) {
      const elapsed = performance.now() - started;
      const clock = chunks > 0 ? (sentChunks * 1000) / chunks : elapsed;
      const due = Math.min(pieces.length, Math.floor((clock * rate) / 1000) + 1);
      let chunk = '';
      for (; index < due; index += 1) {
        const token = tokenAt(index);
        text += token;
        if (chunks > 0) chunk += token;
        else send({ ...emptyWireChunk, generated_chunk: token });
      }
      if (chunk) send({ ...emptyWireChunk, generated_chunk: chunk });
      sentChunks += 1;
      const next = chunks > 0 ? (sentChunks * 1000) / chunks : (index * 1000) / rate;
      if (index < pieces.length) await pause(Math.max(0, started + next - performance.now()), signal);
    }
    if (hold > 0) await pause(hold, signal);
    send({ ...emptyWireChunk, generated: text, last: true });
  };
  return { steps: [{ kind: 'live', play, answer: { ...emptyWireChunk, generated: placeholder, last: true } }] };
}

/** A tree of `nodes` thoughts: ten agents, each with sub-agents, each with tool calls; then a one-line answer. */
function treeRun(question: string, nodes: number): ScriptedRun {
  const list = new StepList();
  const t = new ThoughtScript(list, question);
  const fanOut = Math.max(1, Math.round(Math.cbrt(nodes)));
  const keys: { key: string; parent: string | null; level: number }[] = [];
  for (let a = 0; a < fanOut && keys.length < nodes; a += 1) {
    keys.push({ key: `a${a}`, parent: null, level: 1 });
    for (let b = 0; b < fanOut - 1 && keys.length < nodes; b += 1) {
      keys.push({ key: `a${a}b${b}`, parent: `a${a}`, level: 2 });
      for (let c = 0; c < fanOut && keys.length < nodes; c += 1)
        keys.push({ key: `a${a}b${b}c${c}`, parent: `a${a}b${b}`, level: 3 });
    }
  }
  for (let extra = 0; keys.length < nodes; extra += 1) keys.push({ key: `x${extra}`, parent: null, level: 1 });
  keys.forEach(({ key, parent, level }, index) => {
    if (index % 20 === 0) list.wait(0.1);
    const tool = level === 3;
    t.start(key, {
      parent,
      author_type: tool ? 'Tool' : 'Agent',
      author_name: tool ? `lookup_${index % 17}` : `Agent ${key.toUpperCase()}`,
      ...(tool
        ? {
            input_text: JSON.stringify({ query: `item ${index}` }),
            metadata: { replay_type: 'tool', tool_name: `lookup_${index % 17}`, status: 'running' },
          }
        : {}),
      message: tool ? `Result ${index}: ${'value '.repeat((index % 12) + 3)}` : `Working on part ${key}. `,
    });
  });
  // Children finish before their parents, as real agents do.
  for (const { key } of [...keys].reverse()) t.finish(key);
  const answer = `Explored ${keys.length} thoughts in a tree of depth 3.`;
  list.wait(1).tokens(answer, 0.1).last(answer);
  return list.run();
}
