// The wire contract shared by the console and the local platform (the one src/ module platform/ may import).
// Shapes follow PLATFORM-FACTS.md: what real deployments send, which the local platform reproduces.

/** A thought as sent on the wire (stream chunks and the `thoughts` of JSON answers). */
export interface WireThought {
  id: string;
  parent_id: string | null;
  metadata: Record<string, unknown>;
  in_progress: boolean;
  input_text: string;
  message: string;
  author_type: string;
  author_name: string;
  output_format: string;
  error?: boolean | null;
  interrupted?: boolean | null;
  aborted?: boolean | null;
  children: WireThought[];
}

/** One streamed chunk. On the deployed wire every key is present and unset ones are null. */
export interface WireChunk {
  time_elapsed: number | null;
  generated_chunk: string | null;
  generated: string | null;
  thought: WireThought | null;
  context: unknown;
  last: boolean | null;
  debug: unknown;
  workflow_execution_id: string | null;
  workflow_state: unknown;
  execution_error: string | null;
  success: boolean | null;
  agent_error: unknown;
  tool_errors: unknown;
  error_details: unknown;
  interactive_request?: unknown;
  /** Current servers: one A2UI envelope (CURRENT-SERVERS.md §3); absent on 2.42 servers. */
  a2ui?: unknown;
  /** Current servers: present on every chunk and always null (the pause is an interrupted thought). */
  tool_call_pending?: unknown;
}

/** A chunk with every key null, to spread the set ones over. */
export const emptyWireChunk: WireChunk = {
  time_elapsed: null,
  generated_chunk: null,
  generated: null,
  thought: null,
  context: null,
  last: null,
  debug: null,
  workflow_execution_id: null,
  workflow_state: null,
  execution_error: null,
  success: null,
  agent_error: null,
  tool_errors: null,
  error_details: null,
  interactive_request: null,
};

/** The body of a non-streamed assistant answer (camelCase, unlike the chunks). */
export interface WireAssistantAnswer {
  generated: string;
  timeElapsed: number;
  tokensUsed: number | null;
  taskId: string | null;
  thoughts?: WireThought[];
}

/** The usual error body of the platform. */
export interface WireErrorBody {
  error: { message: string; details?: unknown; help?: string | null };
}

/** The service path segment placed before /v1, as in the seed's invocation. */
export const apiServicePath = '/code-assistant-api';
