// Plays an approval assistant's plan as a streamed run. Before each tool call the tool-start thought streams; when
// the policy asks for a person, one `last` chunk re-sends that thought paused (CURRENT-SERVERS.md §1.2) and the run
// ends there, with the tool NOT called. A resumed run starts from the paused call: allowed, it runs for real over
// MCP; denied, its thought is aborted. Either way the plan goes on, and may pause again at the next call.
import { randomBytes, randomUUID } from 'node:crypto';
import { emptyWireChunk, type WireChunk, type WireThought } from '../wire';
import type { ToolInvoker } from '../assistants/script';
import { StepList, type ScriptedRun, type Step } from '../assistants/steps';
import { needsApproval, type ToolCallPolicy } from './policy';
import type { ApprovalPlan, StepOutcome, ToolStep } from './plans';
import type { Checkpoint } from './checkpoint';

export const waitingMessage = 'Tool call is waiting for user approval.';
export const deniedMessage = 'Tool call was denied by the user.';

export interface ApprovalContext {
  plan: ApprovalPlan;
  question: string;
  policy: ToolCallPolicy;
  invoke: ToolInvoker;
  /** Told when the run pauses (as the pause chunk is built, right before it is sent). */
  onPause: (checkpoint: Checkpoint) => void;
}

export type Start = { kind: 'fresh' } | { kind: 'allow' | 'deny'; checkpoint: Checkpoint };

const chunk = (thought: WireThought): WireChunk => ({ ...emptyWireChunk, thought });

function toolThought(step: ToolStep, id: string): WireThought {
  return {
    id,
    parent_id: null,
    metadata: { replay_type: 'tool', tool_name: step.tool, tool_args: step.args },
    in_progress: true,
    input_text: JSON.stringify(step.args),
    message: '',
    author_type: 'Tool',
    author_name: step.displayName,
    output_format: 'text',
    error: false,
    interrupted: false,
    aborted: false,
    children: [],
  };
}

/** `call_` and 24 random characters, like the ids models give tool calls. */
const callId = (): string => `call_${randomBytes(12).toString('hex')}`;

function answerSteps(ctx: ApprovalContext, outcomes: readonly StepOutcome[]): Step[] {
  const text = ctx.plan.answer(outcomes);
  return new StepList().wait(2).tokens(text, 0.5).last(text).steps;
}

/** The steps from the next call of the plan on; `approved` is a paused call a person allowed. */
function fromNext(ctx: ApprovalContext, outcomes: StepOutcome[], approved?: Checkpoint): Step[] {
  const step = approved?.step ?? ctx.plan.next(outcomes);
  if (!step) return answerSteps(ctx, outcomes);
  const thought = toolThought(step, approved?.thoughtId ?? randomUUID());
  const list = new StepList().wait(2).chunk({ thought });
  if (!approved && needsApproval(ctx.policy, step.safe)) {
    const checkpoint = { question: ctx.question, outcomes, step, thoughtId: thought.id, callId: callId() };
    ctx.onPause(checkpoint);
    const paused = { ...thought, in_progress: false, interrupted: true, message: waitingMessage };
    return list.wait(1).chunk({ thought: paused, last: true }).steps;
  }
  list.steps.push({
    kind: 'then',
    next: async (signal) => {
      const started = performance.now();
      const result = await ctx.invoke(step.tool, step.args, signal);
      const metadata = {
        ...thought.metadata,
        status: result.isError ? 'error' : 'completed',
        duration_ms: Math.round(performance.now() - started),
      };
      const end = { ...thought, in_progress: false, message: result.text, metadata, error: result.isError };
      return [{ kind: 'chunk', chunk: chunk(end) }, ...fromNext(ctx, [...outcomes, { step, denied: false, result }])];
    },
  });
  return list.steps;
}

export function approvalRun(ctx: ApprovalContext, start: Start): ScriptedRun {
  if (start.kind === 'fresh') return { steps: fromNext(ctx, []) };
  const { checkpoint } = start;
  if (start.kind === 'allow') return { steps: fromNext(ctx, checkpoint.outcomes, checkpoint) };
  // Denied: the model gets "denied" as the call's result and answers from there (no further calls).
  const thought = toolThought(checkpoint.step, checkpoint.thoughtId);
  const denied = { ...thought, in_progress: false, aborted: true, message: deniedMessage };
  const outcomes: StepOutcome[] = [...checkpoint.outcomes, { step: checkpoint.step, denied: true }];
  return {
    steps: [{ kind: 'wait', units: 1 }, { kind: 'chunk', chunk: chunk(denied) }, ...answerSteps(ctx, outcomes)],
  };
}
