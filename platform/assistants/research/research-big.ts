// The Research Agent asked for a big tree ("Show 5000 thoughts", "a thousand thoughts") or a huge tool output
// ("… huge output"): hundreds to thousands of streamed thoughts, or one tool that returns 5 MB, for trying (and
// testing) how the console keeps up with them.
import type { WireThought } from '../../wire';
import type { ScriptInput } from '../script';
import { stableUuid, StepList, type ScriptedRun } from '../steps';
import { ThoughtScript } from '../thoughts';

const maxThoughts = 20_000;
const toolsPerAgent = 99;
/** Thoughts sent between two pauses: a 10,000-node tree streams in about 6 s at the default delay. */
const burst = 50;
export const hugeOutputChars = 5_000_000;

/** How many thoughts the question asks for, if it asks for a big tree. */
export function thoughtsAskedFor(question: string): number | null {
  if (/\bthousand thoughts\b/i.test(question)) return 1000;
  const match = /\b(\d[\d,]*)\s+thoughts\b/i.exec(question);
  if (!match?.[1]) return null;
  const count = Number(match[1].replace(/,/g, ''));
  return Number.isFinite(count) && count > 0 ? Math.min(count, maxThoughts) : null;
}

const wantsHugeOutput = (question: string): boolean => /\bhuge output\b/i.test(question);

/** A tool output of about 5 MB: numbered lines, so a reader can tell how much of it is shown. */
export function hugeOutput(): string {
  const lines: string[] = [];
  let length = 0;
  for (let line = 1; length < hugeOutputChars; line += 1) {
    const text = `row ${line}: ${'measurement '.repeat(6)}ok`;
    lines.push(text);
    length += text.length + 1;
  }
  return lines.join('\n').slice(0, hugeOutputChars);
}

/** The big-tree run for questions that ask for one; null for any other question. */
export function bigResearchRun(input: ScriptInput): ScriptedRun | null {
  const count = thoughtsAskedFor(input.question);
  const huge = wantsHugeOutput(input.question);
  if (count === null && !huge) return null;
  const list = new StepList();
  const t = new ThoughtScript(list, `big:${input.question}`);
  let sent = 0;
  const tool = (agentKey: string, name: string, message: string): WireThought => ({
    id: stableUuid(`big:${input.question}`, `${agentKey}/${name}`),
    parent_id: t.id(agentKey),
    metadata: { replay_type: 'tool', tool_name: 'lookup', status: 'completed' },
    in_progress: false,
    input_text: JSON.stringify({ item: name }),
    message,
    author_type: 'Tool',
    author_name: name,
    output_format: 'text',
    children: [],
  });
  const pace = () => {
    sent += 1;
    if (sent % burst === 0) list.wait(1);
  };

  if (huge) {
    t.start('huge', {
      parent: null,
      author_type: 'Agent',
      author_name: 'Bulk Reader',
      message: 'Reading the whole export. ',
    });
    list.wait(2);
    list.chunk({ thought: tool('huge', 'read_export', hugeOutput()) });
    list.wait(2);
    t.finish('huge', { message: 'Read it.' });
  }
  for (let made = 0, agent = 0; count !== null && made < count; agent += 1) {
    const key = `agent-${agent}`;
    t.start(key, {
      parent: null,
      author_type: 'Agent',
      author_name: `Researcher ${agent + 1}`,
      message: 'Looking things up. ',
    });
    made += 1;
    pace();
    for (let index = 0; index < toolsPerAgent && made < count; index += 1, made += 1) {
      list.chunk({
        thought: tool(key, `lookup ${agent + 1}.${index + 1}`, `Result ${agent + 1}.${index + 1}: found.`),
      });
      pace();
    }
    t.finish(key);
  }
  const answer = `Done: ${count ?? 0} thoughts${huge ? ' and one huge tool output' : ''}.`;
  list.wait(2).tokens(answer, 1).last(answer);
  return list.run();
}
