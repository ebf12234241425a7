// What the platform keeps of a workflow execution, and the exact shapes real servers answer with
// (DEPLOYED-API.md §5): the create reply, list/single items, state items, thought trees. Run-only data (tags,
// session id, forwarded headers) is kept beside the record and never answered: real servers do not store it.
import { randomUUID } from 'node:crypto';
import { naiveUtcNow } from '../naive-time';

export type ExecutionStatus = 'Not Started' | 'In Progress' | 'Succeeded' | 'Failed' | 'Aborted' | 'Interrupted';

export interface TokensUsage {
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  money_spent: number;
  cached_tokens_money_spent: number;
  cached_tokens_creation_money_spent: number;
}

export interface ThoughtRecord {
  id: string;
  execution_state_id: string;
  parent_id: string | null;
  author_name: string;
  author_type: string;
  input_text: string | null;
  content: string;
  date: string;
  children: ThoughtRecord[];
}

export interface StateRecord {
  id: string;
  date: string;
  update_date: string;
  execution_id: string;
  name: string;
  state_id: string;
  task: string;
  status: ExecutionStatus;
  started_at: string | null;
  completed_at: string | null;
  preceding_state_ids: string[] | null;
  iteration_number: number | null;
  history_index: number;
  output: string | null;
  /** Root thoughts (one per state), with their children. */
  thoughts: ThoughtRecord[];
}

export interface Person {
  user_id: string;
  username: string;
  name: string;
}

export interface ExecutionRecord {
  id: string;
  execution_id: string;
  workflow_id: string;
  workflow_name: string;
  overall_status: ExecutionStatus;
  output: string | null;
  prompt: string;
  file_names: string[];
  created_by: Person;
  date: string;
  update_date: string;
  tokens_usage: TokensUsage | null;
  project: string;
  history: Record<string, unknown>[];
  states: StateRecord[];
}

/** A conversation history item as real servers write it: camelCase, every key present. */
export function historyItem(
  role: 'User' | 'Assistant',
  message: string,
  historyIndex: number,
  fileNames: string[] = [],
): Record<string, unknown> {
  return {
    role,
    message,
    historyIndex,
    date: naiveUtcNow(),
    responseTime: null,
    inputTokens: null,
    outputTokens: null,
    cacheCreationInputTokens: null,
    cacheReadInputTokens: null,
    moneySpent: null,
    userMark: null,
    operatorMark: null,
    messageRaw: role === 'User' ? message : null,
    fileNames,
    assistantId: null,
    thoughts: null,
    workflowExecutionRef: null,
    executionId: null,
    interactiveRequest: null,
    interactiveResponse: null,
  };
}

export function newThought(
  state: Pick<StateRecord, 'id'>,
  fields: Pick<ThoughtRecord, 'author_name' | 'author_type'> & Partial<ThoughtRecord>,
): ThoughtRecord {
  return {
    id: randomUUID(),
    execution_state_id: state.id,
    parent_id: null,
    input_text: null,
    content: '',
    date: naiveUtcNow(),
    children: [],
    ...fields,
  };
}

/** The non-stream create reply (200). */
export const createReply = (execution: ExecutionRecord) => ({
  id: execution.id,
  date: execution.date,
  update_date: execution.update_date,
  workflow_id: execution.workflow_id,
  execution_id: execution.execution_id,
  overall_status: execution.overall_status,
  output: execution.output,
  name: null,
  prompt: execution.prompt,
  file_names: [...execution.file_names],
  created_by: { ...execution.created_by },
  updated_by: null,
  checkpoints: [],
  tokens_usage: execution.tokens_usage && { ...execution.tokens_usage },
  project: execution.project,
  history: structuredClone(execution.history),
  conversation_id: null,
});

/** An item of the list, and the single GET: no output, history or name. */
export const listItem = (execution: ExecutionRecord) => ({
  id: execution.id,
  prompt: execution.prompt,
  file_name: null,
  file_names: [...execution.file_names],
  workflow_id: execution.workflow_id,
  execution_id: execution.execution_id,
  conversation_id: null,
  overall_status: execution.overall_status,
  tokens_usage: execution.tokens_usage && { ...execution.tokens_usage },
  created_by: { ...execution.created_by },
  updated_by: null,
  date: execution.date,
  update_date: execution.update_date,
});

/** A state item: root thoughts only, without their text; no output (that has its own endpoint). */
export const stateItem = (state: StateRecord) => ({
  id: state.id,
  date: state.date,
  update_date: state.update_date,
  execution_id: state.execution_id,
  name: state.name,
  state_id: state.state_id,
  task: state.task,
  status: state.status,
  started_at: state.started_at,
  completed_at: state.completed_at,
  preceding_state_ids: state.preceding_state_ids && [...state.preceding_state_ids],
  iteration_number: state.iteration_number,
  history_index: state.history_index,
  thoughts: state.thoughts.map((thought) => ({
    id: thought.id,
    execution_state_id: thought.execution_state_id,
    parent_id: null,
    author_name: thought.author_name,
    author_type: thought.author_type,
    date: thought.date,
  })),
});

/** A thought with all its descendants, as POST …/thoughts answers. */
export const thoughtTree = (thought: ThoughtRecord): ThoughtRecord => ({
  id: thought.id,
  execution_state_id: thought.execution_state_id,
  parent_id: thought.parent_id,
  author_name: thought.author_name,
  author_type: thought.author_type,
  input_text: thought.input_text,
  content: thought.content,
  date: thought.date,
  children: thought.children.map(thoughtTree),
});

/** Plausible token counts for a state that read `task` and wrote `output` (about 4 characters a token). */
export function addTokens(usage: TokensUsage | null, task: string, output: string): TokensUsage {
  const input = (usage?.input_tokens ?? 0) + 180 + Math.ceil(task.length / 4);
  const outputTokens = (usage?.output_tokens ?? 0) + 12 + Math.ceil(output.length / 4);
  // gpt-4.1 list prices: $2 per million input tokens, $8 per million output tokens.
  const money = (input * 2 + outputTokens * 8) / 1_000_000;
  return {
    input_tokens: input,
    output_tokens: outputTokens,
    cached_tokens: 0,
    money_spent: money,
    cached_tokens_money_spent: 0.0,
    cached_tokens_creation_money_spent: 0.0,
  };
}
