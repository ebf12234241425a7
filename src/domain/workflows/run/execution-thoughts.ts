import { z } from 'zod';
import type { ThoughtNode, ThoughtTree } from '@/domain/thoughts/thought-tree';

// Lenient like the api's other schemas: real servers add fields over time, and send nulls for unset ones.
const text = z.string().nullish();

/**
 * A thought as `POST …/executions/{id}/thoughts` returns it: text in `content` (not `message` as in chat thoughts),
 * children recursive. The api reads the answer with this schema.
 */
export const executionThoughtSchema = z.object({
  id: z.string(),
  execution_state_id: text,
  parent_id: text,
  author_name: text,
  author_type: text,
  input_text: text,
  content: text,
  date: text,
  /** Absent or null at leaves on some servers: read as none. */
  get children(): z.ZodOptional<z.ZodNullable<z.ZodArray<typeof executionThoughtSchema>>> {
    return z.array(executionThoughtSchema).nullish();
  },
});
export type StoredExecutionThought = z.output<typeof executionThoughtSchema>;

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
      for (const child of [...(frame.thought.children ?? [])].reverse())
        stack.push({ thought: child, parentId: frame.thought.id, visited: false });
      continue;
    }
    stack.pop();
    const children = (frame.thought.children ?? [])
      .map((child) => built.get(child))
      .filter((child): child is ThoughtNode => child !== undefined);
    built.set(frame.thought, { ...node(frame.thought, frame.parentId), children });
  }
  return {
    roots: roots.map((root) => built.get(root)).filter((root): root is ThoughtNode => root !== undefined),
    waiting: {},
  };
}
