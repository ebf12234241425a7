// The thoughts kept in history, merged as real servers merge them while streaming (core/thread.py):
// updates are matched by id among TOP-LEVEL thoughts only, `message` and `children` are appended;
// a `parent_id: "latest"` thought is stored at top level (keeping "latest"; the live UI nests it instead);
// a thought nested under a top-level one is kept under it, one nested deeper is dropped.
// Then the replay-v2 filter keeps top-level thoughts with a message, input, error or tool replay metadata.
import type { WireThought } from '../wire';
import type { StoredThought } from './types';

const stored = (thought: WireThought): StoredThought => ({
  id: thought.id,
  parent_id: thought.parent_id,
  metadata: { ...thought.metadata },
  in_progress: thought.in_progress,
  input_text: thought.input_text,
  message: thought.message,
  author_type: thought.author_type,
  author_name: thought.author_name,
  output_format: thought.output_format,
  error: thought.error ?? false,
  // A cut stream leaves in_progress true, not these: only a paused (interrupted) or denied (aborted) tool call sets
  // them, and the paused one is kept so a reloaded console shows its Allow/Deny again.
  interrupted: thought.interrupted === true,
  aborted: thought.aborted === true,
  children: thought.children.map(stored),
});

function merge(target: StoredThought, update: WireThought): void {
  // The message of a paused call is replaced by what follows it, as the official UI does live.
  target.message = target.interrupted ? update.message : (target.message ?? '') + update.message;
  target.interrupted = update.interrupted === true;
  target.aborted = target.aborted || update.aborted === true;
  target.children.push(...update.children.map(stored));
  target.error = update.error ?? false;
  target.metadata = { ...target.metadata, ...update.metadata };
  target.output_format = update.output_format;
  target.in_progress = update.in_progress;
}

export class StoredThoughts {
  /** `roots`: the thoughts already stored for the turn (a resumed turn goes on from them). */
  constructor(private readonly roots: StoredThought[] = []) {}

  apply(update: WireThought): void {
    const root = this.roots.find((item) => item.id === update.id);
    if (root) return merge(root, update);
    if (update.parent_id === null || update.parent_id === 'latest') {
      this.roots.push(stored(update));
      return;
    }
    const parent = this.roots.find((item) => item.id === update.parent_id);
    if (!parent) return; // its parent is not top-level: real servers drop it
    const child = parent.children.find((item) => item.id === update.id);
    if (child) merge(child, update);
    else parent.children.push(stored(update));
  }

  /** What the assistant item's `thoughts` holds. */
  kept(): StoredThought[] {
    return this.roots.filter(
      (thought) =>
        Boolean(thought.message) ||
        Boolean(thought.input_text) ||
        thought.error ||
        thought.metadata['replay_type'] === 'tool',
    );
  }
}
