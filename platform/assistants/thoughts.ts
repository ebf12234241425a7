// Builds streamed thought chunks: a node starts `in_progress`, gets message deltas, then finishes.
import type { WireThought } from '../wire';
import { stableUuid, totalUnits, type StepList } from './steps';

/** Milliseconds a wait unit stands for in `duration_ms` (the default stream delay), so durations are stable. */
export const nominalUnitMs = 30;

export interface ThoughtStart {
  /** Key of the parent thought, `'latest'`, or null for a top-level thought. */
  parent: string | null;
  author_type: string;
  author_name: string;
  input_text?: string;
  output_format?: string;
  metadata?: Record<string, unknown>;
  message?: string;
}

export interface ThoughtChange {
  message?: string;
  metadata?: Record<string, unknown>;
  in_progress?: boolean;
  error?: boolean;
  output_format?: string;
}

/** Thoughts of one run, keyed by script-local names; ids are stable for the same seed (the question). */
export class ThoughtScript {
  private readonly nodes = new Map<string, { base: WireThought; startedAt: number }>();

  constructor(
    private readonly list: StepList,
    private readonly seed: string,
  ) {}

  id(key: string): string {
    return stableUuid(this.seed, key);
  }

  start(key: string, init: ThoughtStart): string {
    const parentId = init.parent === null || init.parent === 'latest' ? init.parent : this.id(init.parent);
    const base: WireThought = {
      id: this.id(key),
      parent_id: parentId,
      metadata: init.metadata ?? {},
      in_progress: true,
      input_text: init.input_text ?? '',
      message: '',
      author_type: init.author_type,
      author_name: init.author_name,
      output_format: init.output_format ?? 'text',
      error: null,
      interrupted: null,
      aborted: null,
      children: [],
    };
    this.nodes.set(key, { base, startedAt: totalUnits(this.list) });
    this.list.chunk({ thought: { ...base, message: init.message ?? '' } });
    return base.id;
  }

  /** Re-sends the thought with only the new part of `message`, the whole metadata so far and replaced flags. */
  update(key: string, change: ThoughtChange): void {
    const node = this.nodes.get(key);
    if (!node) throw new Error(`thought ${key} was not started`);
    const { message, metadata, ...flags } = change;
    node.base = { ...node.base, ...flags, metadata: { ...node.base.metadata, ...metadata } };
    this.list.chunk({ thought: { ...node.base, message: message ?? '' } });
  }

  /** Streams `text` into the thought's message in pieces of `size` words, `units` apart. */
  stream(key: string, text: string, units: number, size = 3): void {
    const words = text.match(/\s*\S+\s*/g) ?? [text];
    for (let index = 0; index < words.length; index += size) {
      this.list.wait(units);
      this.update(key, { message: words.slice(index, index + size).join('') });
    }
  }

  finish(key: string, change: ThoughtChange = {}): void {
    const node = this.nodes.get(key);
    if (!node) throw new Error(`thought ${key} was not started`);
    const duration = (totalUnits(this.list) - node.startedAt) * nominalUnitMs;
    const status = node.base.metadata['replay_type'] === 'tool' ? { status: change.error ? 'error' : 'completed' } : {};
    this.update(key, {
      ...change,
      in_progress: false,
      metadata: { ...status, ...change.metadata, duration_ms: duration },
    });
  }
}
