import type { ThoughtNode, ThoughtTree } from '@/domain/thoughts/thought-tree';

/** A thought as `POST …/executions/{id}/thoughts` returns it: text in `content`, children recursive. */
export interface StoredExecutionThought {
  id: string;
  parent_id?: string | undefined;
  author_name?: string | undefined;
  author_type?: string | undefined;
  input_text?: string | undefined;
  content?: string | undefined;
  children: readonly StoredExecutionThought[];
}

const node = (thought: StoredExecutionThought, parentId: string | null): ThoughtNode => ({
  id: thought.id,
  parentId,
  authorType: thought.author_type ?? 'Agent',
  authorName: thought.author_name ?? '',
  outputFormat: 'text',
  inputText: thought.input_text ?? '',
  message: thought.content ?? '',
  metadata: {},
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children: [],
});

/**
 * The stored thoughts of a finished state as the chat's thought tree, so one tree view shows both. Built with a
 * stack, not recursion: stored chains can be deep.
 */
export function executionThoughtTree(roots: readonly StoredExecutionThought[]): ThoughtTree {
  const built = new Map<StoredExecutionThought, ThoughtNode>();
  const stack: Array<{ thought: StoredExecutionThought; parentId: string | null; visited: boolean }> = roots.map(
    (thought) => ({ thought, parentId: null, visited: false }),
  );
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (!frame.visited) {
      frame.visited = true;
      for (const child of [...frame.thought.children].reverse())
        stack.push({ thought: child, parentId: frame.thought.id, visited: false });
      continue;
    }
    stack.pop();
    const children = frame.thought.children
      .map((child) => built.get(child))
      .filter((child): child is ThoughtNode => child !== undefined);
    built.set(frame.thought, { ...node(frame.thought, frame.parentId), children });
  }
  return {
    roots: roots.map((root) => built.get(root)).filter((root): root is ThoughtNode => root !== undefined),
    waiting: {},
  };
}
