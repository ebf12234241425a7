// Slow Tool: calls the MCP tool `slow_task`, which works in silence. As on real servers, the stream sends the
// tool-start thought and then not one byte until the tool ends; then the tool's end and the answer follow.
// "silent 20" in the question asks for 20 s (decimals allowed, at most 600: the ingress read timeout).
import { emptyWireChunk, type WireChunk, type WireThought } from '../wire';
import type { ScriptInput, ToolInvoker } from './script';
import { stableUuid, StepList, type ScriptedRun } from './steps';

export const maxSilenceMs = 600_000;

/** The silence the question asks for ("silent <seconds>"), else the platform's default. */
export function silenceOf(question: string, defaultMs: number): number {
  const asked = /\bsilent\s+(\d+(?:\.\d+)?)/i.exec(question)?.[1];
  const ms = asked === undefined ? defaultMs : Math.round(Number(asked) * 1000);
  return Math.min(Math.max(ms, 0), maxSilenceMs);
}

const thoughtChunk = (thought: WireThought): WireChunk => ({ ...emptyWireChunk, thought });

export function slowToolRun(input: ScriptInput, invoke: ToolInvoker, defaultMs: number): ScriptedRun {
  const ms = silenceOf(input.question, defaultMs);
  const args = { ms };
  const tool: WireThought = {
    id: stableUuid(`slow:${input.question}`, 'tool'),
    parent_id: null,
    metadata: { replay_type: 'tool', tool_name: 'slow_task', tool_args: args, status: 'running' },
    in_progress: true,
    input_text: JSON.stringify(args),
    message: '',
    author_type: 'Tool',
    author_name: 'slow_task',
    output_format: 'text',
    error: null,
    interrupted: null,
    aborted: null,
    children: [],
  };
  const list = new StepList().wait(2).chunk({ thought: tool });
  list.steps.push({
    kind: 'then',
    next: async (signal) => {
      const started = performance.now();
      const result = await invoke('slow_task', args, signal);
      const status = result.isError ? 'error' : 'completed';
      const metadata = { ...tool.metadata, status, duration_ms: Math.round(performance.now() - started) };
      const end = thoughtChunk({
        ...tool,
        in_progress: false,
        message: result.text,
        metadata,
        ...(result.isError ? { error: true } : {}),
      });
      const answer = result.isError
        ? `The slow task failed: ${result.text}`
        : `The slow task finished after ${(ms / 1000).toFixed(1)} s of silence. Nothing was sent while it worked: no heartbeat, no keep-alive chunk.`;
      return [{ kind: 'chunk', chunk: end }, ...new StepList().wait(1).tokens(answer, 0.5).last(answer).steps];
    },
  });
  return list.run();
}
