// Runs an execution state by state in memory, as real servers' graphs do: a state record appears when the state
// starts; a state marked interrupt_before pauses the run before it (the predecessor becomes Interrupted, the paused
// state has no record); an abort stops the run at the state boundary; attached file names that do not decode fail
// the run in a state "AI/Run Thoughts" (DEPLOYED-API.md §2, §4).
import { randomUUID } from 'node:crypto';
import { decodeFileUrl } from '../files/file-url';
import { naiveUtcNow } from '../naive-time';
import { unitsOf, workflowStates, type RunInput, type StateDefinition } from './definitions';
import {
  addTokens,
  newThought,
  type ExecutionRecord,
  type ExecutionStatus,
  type StateRecord,
} from './execution-records';

/** Hears an execution's progress as it happens (a streamed start or resume). Given copies; never throws. */
export interface ExecutionObserver {
  stateStarted(state: StateRecord): void;
  /** `final` marks the workflow's last state. */
  stateFinished(state: StateRecord, final: boolean): void;
  /** The run paused before `name`; nothing follows on this stream. */
  interrupted(pause: { predecessor: StateRecord | null; name: string; task: string }): void;
  /** The execution reached its overall status; nothing follows. */
  finished(record: ExecutionRecord): void;
}

export interface Execution {
  record: ExecutionRecord;
  input: RunInput;
  /** Index (in the workflow's definitions) of the next state to run. */
  nextIndex: number;
  /** The interrupt_before state the latest resume let through. */
  gatePassed: number | null;
  historyIndex: number;
  /** Output the next state reads: the latest state's, or the one edited at an interrupt. */
  checkpointOutput: string | null;
  timer: ReturnType<typeof setTimeout> | null;
  observer: ExecutionObserver | null;
  /** Bumped by abort and delete, so a state still working for an earlier run drops its result. */
  generation: number;
}

const copy = <T>(value: T): T => structuredClone(value);

/** Decodes every attached name; the first that is not a file URL is returned as the run's failure. */
export function decodeNames(names: readonly string[]): { names: string[] } | { error: Error } {
  try {
    return { names: names.map((name) => decodeFileUrl(name).name) };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}

export class ExecutionRunner {
  constructor(private readonly unitMs: number) {}

  /** Starts running from `execution.nextIndex` on the next turn, so the HTTP reply goes out first. */
  go(execution: Execution, fileNames: readonly string[] | null): void {
    const generation = execution.generation;
    const decoded = fileNames === null ? null : decodeNames(fileNames);
    execution.timer = setTimeout(() => {
      execution.timer = null;
      if (execution.generation !== generation) return;
      if (decoded && 'error' in decoded) return this.failOnFiles(execution, decoded.error);
      if (decoded) execution.input = { ...execution.input, fileNames: decoded.names };
      this.runState(execution, execution.nextIndex);
    }, 0);
  }

  private definitions(execution: Execution): readonly StateDefinition[] {
    return workflowStates[execution.record.workflow_id] ?? [];
  }

  /** Agent-like states (those not calling a tool) get the attached files as lines of their task. */
  private taskOf(definition: StateDefinition, input: RunInput): string {
    if (definition.tool) return input.userInput;
    return input.userInput + input.fileNames.map((name) => `\nFile attached: ${name}`).join('');
  }

  private newState(execution: Execution, name: string, task: string, status: ExecutionStatus): StateRecord {
    const now = naiveUtcNow();
    const previous = execution.record.states.at(-1);
    const state: StateRecord = {
      id: randomUUID(),
      date: now,
      update_date: now,
      execution_id: execution.record.execution_id,
      name,
      state_id: name,
      task,
      status,
      started_at: now,
      completed_at: null,
      preceding_state_ids: previous ? [previous.name] : null,
      iteration_number: null,
      history_index: execution.historyIndex,
      output: null,
      thoughts: [],
    };
    execution.record.states.push(state);
    return state;
  }

  private runState(execution: Execution, index: number): void {
    const definitions = this.definitions(execution);
    const definition = definitions[index];
    if (!definition) return this.finish(execution, 'Succeeded');
    if (definition.interruptBefore && execution.gatePassed !== index)
      return this.interrupt(execution, index, definition);
    const task = this.taskOf(definition, execution.input);
    const state = this.newState(execution, definition.name, task, 'In Progress');
    const root = newThought(state, { author_name: definition.name, author_type: 'WorkflowState', input_text: task });
    if (definition.tool)
      root.children.push(
        newThought(state, {
          author_name: definition.tool,
          author_type: 'Tool',
          parent_id: root.id,
          input_text: JSON.stringify(definition.toolArgs ?? {}),
        }),
      );
    state.thoughts.push(root);
    this.touch(execution);
    execution.observer?.stateStarted(copy(state));
    const generation = execution.generation;
    const input: RunInput = { ...execution.input, previousOutput: execution.checkpointOutput };
    execution.timer = setTimeout(
      () => {
        execution.timer = null;
        void Promise.resolve(definition.run(input))
          .catch((error: unknown) => ({
            ok: false,
            output: `Error: ${error instanceof Error ? error.message : String(error)}`,
          }))
          .then((result) => {
            if (execution.generation !== generation || state.status !== 'In Progress') return; // aborted or deleted meanwhile
            state.status = result.ok ? 'Succeeded' : 'Failed';
            state.completed_at = state.update_date = naiveUtcNow();
            state.output = result.output;
            root.content = result.output;
            for (const child of root.children) child.content = result.output;
            execution.checkpointOutput = result.output;
            execution.record.tokens_usage = addTokens(execution.record.tokens_usage, task, result.output);
            execution.nextIndex = index + 1;
            execution.observer?.stateFinished(copy(state), index === definitions.length - 1);
            if (result.ok) this.runState(execution, index + 1);
            else this.finish(execution, 'Failed');
          });
      },
      unitsOf(definition, input) * this.unitMs,
    );
  }

  /** Pauses before `definition`: the latest Succeeded state becomes Interrupted and keeps its output. */
  private interrupt(execution: Execution, index: number, definition: StateDefinition): void {
    const predecessor = execution.record.states.findLast((state) => state.status === 'Succeeded') ?? null;
    if (predecessor) {
      predecessor.status = 'Interrupted';
      predecessor.update_date = naiveUtcNow();
    }
    execution.nextIndex = index;
    execution.record.overall_status = 'Interrupted';
    this.touch(execution);
    execution.observer?.interrupted({
      predecessor: predecessor && copy(predecessor),
      name: definition.name,
      task: this.taskOf(definition, execution.input),
    });
    execution.observer = null;
  }

  /** A name that is not a file URL: the graph fails before its first state, as real servers record it. */
  private failOnFiles(execution: Execution, error: Error): void {
    // Real servers raise ValueError from the decoder; the thought is authored by the exception's type.
    const state = this.newState(execution, 'AI/Run Thoughts', execution.input.userInput, 'Failed');
    state.completed_at = naiveUtcNow();
    state.output = error.message;
    state.thoughts.push(
      newThought(state, { author_name: 'ValueError', author_type: 'System', content: error.message }),
    );
    execution.observer?.stateStarted({ ...copy(state), status: 'In Progress', completed_at: null });
    execution.observer?.stateFinished(copy(state), false);
    this.finish(execution, 'Failed');
  }

  private finish(execution: Execution, status: ExecutionStatus): void {
    execution.record.overall_status = status;
    if (status === 'Succeeded') execution.record.output = execution.checkpointOutput;
    this.touch(execution);
    execution.observer?.finished(copy(execution.record));
    execution.observer = null;
  }

  /** Aborted whatever the status: a running state ends Aborted now, the run goes no further. */
  abort(execution: Execution): void {
    execution.generation += 1;
    if (execution.timer) clearTimeout(execution.timer);
    execution.timer = null;
    for (const state of execution.record.states) {
      if (state.status !== 'In Progress' && state.status !== 'Interrupted') continue;
      const running = state.status === 'In Progress';
      state.status = 'Aborted';
      state.update_date = naiveUtcNow();
      if (running) {
        state.completed_at = state.update_date;
        execution.nextIndex = this.definitions(execution).findIndex((definition) => definition.name === state.name) + 1;
        execution.observer?.stateFinished(copy(state), false);
      }
    }
    execution.record.overall_status = 'Aborted';
    this.touch(execution);
    execution.observer?.finished(copy(execution.record));
    execution.observer = null;
  }

  /** Stops the run for good (the execution is deleted or the platform closes). */
  stop(execution: Execution): void {
    execution.generation += 1;
    if (execution.timer) clearTimeout(execution.timer);
    execution.timer = null;
    execution.observer?.finished(copy(execution.record));
    execution.observer = null;
  }

  private touch(execution: Execution): void {
    execution.record.update_date = naiveUtcNow();
  }
}
