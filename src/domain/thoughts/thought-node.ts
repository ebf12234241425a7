// The shape of a thought tree, apart from the code that grows it and the index that finds nodes in it.

/** A thought as the console keeps it: the wire fields, normalised, plus what the console learned. */
export interface ThoughtNode {
  id: string;
  parentId: string | null;
  authorType: string;
  authorName: string;
  outputFormat: string;
  inputText: string;
  message: string;
  metadata: Readonly<Record<string, unknown>>;
  inProgress: boolean;
  error: boolean;
  interrupted: boolean;
  aborted: boolean;
  /** Its parent never arrived; shown at the top level. */
  orphaned?: boolean;
  children: readonly ThoughtNode[];
}

export interface ThoughtTree {
  roots: readonly ThoughtNode[];
  /** Children that arrived before their parent, by the parent's id; attached when it comes. */
  waiting: Readonly<Record<string, readonly ThoughtNode[]>>;
}
