import { z } from 'zod';

// The shape of a thought tree, apart from the code that grows it and the index that finds nodes in it. The schema is
// the one definition: the types are read off it, and a tree read back from storage or a file is checked with it.

/** A thought as the console keeps it: the wire fields, normalised, plus what the console learned. */
export const thoughtNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  authorType: z.string(),
  authorName: z.string(),
  outputFormat: z.string(),
  inputText: z.string(),
  message: z.string(),
  metadata: z.record(z.string(), z.unknown()).readonly(),
  inProgress: z.boolean(),
  error: z.boolean(),
  interrupted: z.boolean(),
  aborted: z.boolean(),
  /** Its parent never arrived; shown at the top level. */
  orphaned: z.boolean().optional(),
  /**
   * The person's decision on this tool call, paused for approval: what and when (epoch ms), and since when it had
   * waited for them. The node keeps it once the call goes on, so the tree and timeline say who let it run.
   */
  decision: z
    .object({
      action: z.enum(['allow', 'deny']),
      at: z.number(),
      waitedFrom: z.number().optional(),
      /** Allowed by the person's standing choice for the chat ("Allow … for the rest of this chat"), not a click. */
      standing: z.boolean().optional(),
    })
    .optional(),
  get children(): z.ZodReadonly<z.ZodArray<typeof thoughtNodeSchema>> {
    return z.array(thoughtNodeSchema).readonly();
  },
});
export type ThoughtNode = z.output<typeof thoughtNodeSchema>;

export const thoughtTreeSchema = z.object({
  roots: z.array(thoughtNodeSchema).readonly(),
  /** Children that arrived before their parent, by the parent's id; attached when it comes. */
  waiting: z.record(z.string(), z.array(thoughtNodeSchema).readonly()).readonly(),
});
export type ThoughtTree = z.output<typeof thoughtTreeSchema>;

/**
 * The children waiting for `parentId`. Ids come from the server: an own-property read, so that `constructor` or
 * `__proto__` names a parent like any other id rather than something every object inherits.
 */
export const waitingFor = (
  waiting: Readonly<Record<string, readonly ThoughtNode[]>>,
  parentId: string,
): readonly ThoughtNode[] | undefined => (Object.hasOwn(waiting, parentId) ? waiting[parentId] : undefined);

/** Looks like a node at its own level (an id, the flags the tree view reads, a list of children); its children unchecked. */
const isNodeOutline = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Partial<Record<keyof ThoughtNode, unknown>>;
  return (
    typeof node.id === 'string' &&
    typeof node.message === 'string' &&
    typeof node.inProgress === 'boolean' &&
    Array.isArray(node.children)
  );
};
const nodeOutlineSchema = z.custom<ThoughtNode>(isNodeOutline, 'is not a thought');

/**
 * A tree checked at its top level only: each root and waiting node looks like a node, their descendants are taken
 * as they are. For trees this console built and stored itself, where checking every node of every answer of a long
 * conversation would cost more than it protects (see the conversation repository).
 */
export const thoughtTreeOutlineSchema = z.object({
  roots: z.array(nodeOutlineSchema).readonly(),
  waiting: z.record(z.string(), z.array(nodeOutlineSchema).readonly()).readonly(),
});
