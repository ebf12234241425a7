// The Codemie Agent: streams like deployed agent assistants. One tool call, then the answer tokens as a
// top-level "Codemie Thoughts" thought (same id, message deltas), a `last` chunk with the whole answer
// (no `generated_chunk` at all), and a second `last` chunk as with `include_tool_errors`.
import { keywords, tokenize, type ScriptInput } from './script';
import { StepList, type ScriptedRun } from './steps';
import { ThoughtScript } from './thoughts';

function agentAnswer(question: string): string {
  const words = keywords(question, 3);
  const topic = words.length > 0 ? words.join(', ') : 'your question';
  return [
    `### About ${topic}`,
    '',
    `I looked this up in the knowledge base. In short: **${topic}** comes down to a few ideas.`,
    '',
    '1. Start from the definition and a small example.',
    '2. Compare it with what you already use.',
    '3. Check the trade-offs before adopting it.',
    '',
    'Config sample: `{"mode":"agent"}{"stream":true}` — naïve café ✓',
  ].join('\n');
}

export function codemieRun(input: ScriptInput): ScriptedRun {
  const list = new StepList();
  const t = new ThoughtScript(list, `codemie:${input.question}`);
  const args = { query: input.question };
  list.wait(2);
  t.start('kb', {
    parent: null,
    author_type: 'Tool',
    author_name: 'search_knowledge_base',
    input_text: JSON.stringify(args),
    metadata: { replay_type: 'tool', tool_name: 'search_knowledge_base', tool_args: args, status: 'running' },
  });
  list.wait(12);
  t.finish('kb', { message: `3 documents match ${JSON.stringify(input.question)}.` });

  const answer = agentAnswer(input.question);
  list.wait(2);
  t.start('llm', { parent: null, author_type: 'Tool', author_name: 'Codemie Thoughts' });
  for (const token of tokenize(answer)) {
    list.wait(0.8);
    t.update('llm', { message: token });
  }
  list.wait(1);
  t.update('llm', { in_progress: false });
  list.last(answer);
  list.chunk({ last: true, success: true, agent_error: null, tool_errors: [] });
  return list.run();
}
