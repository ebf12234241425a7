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
  // Stored thoughts are never marked interrupted or aborted; a cut stream leaves in_progress true instead.
  interrupted: false,
  aborted: false,
  children: thought.children.map(stored),
});

function merge(target: StoredThought, update: WireThought): void {
  target.message = (target.message ?? '') + update.message;
  target.children.push(...update.children.map(stored));
  target.error = update.error ?? false;
  target.metadata = { ...target.metadata, ...update.metadata };
  target.output_format = update.output_format;
  target.in_progress = update.in_progress;
}

export class StoredThoughts {
  private readonly roots: StoredThought[] = [];

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
