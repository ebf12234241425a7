// Assistants that misbehave on purpose: a dropped connection, a malformed event, an agent error.
import { keywords, tokenize, type ScriptInput } from '../script';
import { StepList, type ScriptedRun } from '../steps';
import { ThoughtScript } from '../thoughts';

const topicOf = (question: string): string => keywords(question, 2).join(' ') || 'this';

/** Flaky Connection: part of an answer and a running thought for ~1.5 s, then the socket is destroyed. */
export function flakyRun(input: ScriptInput): ScriptedRun {
  const list = new StepList();
  const t = new ThoughtScript(list, `flaky:${input.question}`);
  t.start('fetch', {
    parent: null,
    author_type: 'Tool',
    author_name: 'fetch_context',
    input_text: '{}',
    metadata: { replay_type: 'tool', tool_name: 'fetch_context', tool_args: {}, status: 'running' },
    message: 'Fetching context… ',
  });
  const text = `Here is the beginning of an answer about ${topicOf(input.question)}. The connection will drop before it is complete, so the rest never arrives and there is`;
  list.tokens(text, 50 / tokenize(text).length);
  list.steps.push({ kind: 'drop' });
  return list.run();
}

/** Garbled Stream: a normal answer with one malformed event in the middle. */
export function garbledRun(input: ScriptInput): ScriptedRun {
  const text = `This answer about ${topicOf(input.question)} arrives in pieces. Somewhere in the middle one event is garbled; a robust client skips it, keeps the rest and still sees the end of the answer.`;
  const tokens = tokenize(text);
  const middle = Math.floor(tokens.length / 2);
  const list = new StepList().tokens(tokens.slice(0, middle).join(''), 1);
  list.steps.push({ kind: 'malformed' });
  return list.tokens(tokens.slice(middle).join(''), 1).last(text).run();
}

/** Agent With Errors: a guardrail stops the agent; `generated` holds the user-facing error text. */
export function agentErrorRun(input: ScriptInput): ScriptedRun {
  const list = new StepList();
  const t = new ThoughtScript(list, `errors:${input.question}`);
  t.start('guard', {
    parent: null,
    author_type: 'System',
    author_name: 'Guardrails',
    message: 'Checking the request against the content policy… ',
  });
  list.wait(15);
  t.finish('guard', { message: 'Blocked by policy "no-demo-content" (simulated).', error: true });
  const message =
    'Sorry, I can’t help with this request: it was blocked by a guardrail (simulated). Try rephrasing it.';
  list.wait(2).last(message, { execution_error: 'guardrails' });
  list.chunk({
    last: true,
    success: false,
    agent_error: { type: 'guardrails', message: 'Request blocked by guardrail (simulated)' },
    tool_errors: [],
  });
  return list.run();
}
