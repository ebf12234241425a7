// The Research Agent: a live, nested thought tree (sub-agents, two tools at once, a failing tool, a large output,
// markdown, `parent_id: "latest"`, a child before its parent), then the answer as `generated_chunk`s.
import {
  analysisTable,
  findingsMarkdown,
  pythonCode,
  researchAnswer,
  researchTopic,
  searchOutput,
  tinyPngBase64,
} from './research-data';
import type { ScriptInput } from '../script';
import { StepList, type ScriptedRun } from '../steps';
import { ThoughtScript } from '../thoughts';

const tool = (name: string, args: Record<string, unknown>, parent: string) => ({
  parent,
  author_type: 'Tool',
  author_name: name,
  input_text: JSON.stringify(args),
  metadata: { replay_type: 'tool', tool_name: name, tool_args: args, status: 'running' },
});

/** Splits text into `parts` pieces of whole lines (joined they give the text back). */
function pieces(text: string, parts: number): string[] {
  const lines = text.split(/(?<=\n)/);
  const size = Math.ceil(lines.length / parts);
  const result: string[] = [];
  for (let index = 0; index < lines.length; index += size) result.push(lines.slice(index, index + size).join(''));
  return result;
}

export function researchRun(input: ScriptInput): ScriptedRun {
  const list = new StepList();
  const t = new ThoughtScript(list, input.question);
  const topic = researchTopic(input.question);

  t.start('research', { parent: null, author_type: 'Agent', author_name: 'Research Agent' });
  t.stream(
    'research',
    `Planning research on “${topic}”. I will search the web, read one source and analyse sample data.\n`,
    2,
  );

  list.wait(3);
  t.start('web', {
    parent: 'research',
    author_type: 'Agent',
    author_name: 'Web Researcher',
    message: 'Looking for sources. ',
  });
  list.wait(3);
  // The two tools run side by side: the page is fetched while the search still runs (a timeline shows them overlap).
  const searchArgs = { query: input.question, max_results: 2 };
  t.start('search', tool('web_search', searchArgs, 'web'));
  list.wait(3);
  t.start('fetch', tool('fetch_page', { url: 'https://example.org/guide' }, 'web'));
  list.wait(7);
  t.update('search', { message: searchOutput(input.question) });
  list.wait(2);
  t.finish('search');
  list.wait(3);
  t.finish('fetch', { message: 'HTTP 503 from example.org (simulated)', error: true });
  list.wait(2);
  t.finish('web', { message: 'Found 2 sources; 1 page could not be fetched.' });

  // The python tool call arrives one chunk before its parent, the Analyst.
  list.wait(3);
  t.start('python', tool('python', { code: pythonCode }, 'analyst'));
  list.wait(1);
  t.start('analyst', {
    parent: 'research',
    author_type: 'Agent',
    author_name: 'Analyst',
    message: 'Analysing sample data. ',
  });
  for (const part of pieces(analysisTable(input.question), 4)) {
    list.wait(9);
    t.update('python', { message: part });
  }
  list.wait(2);
  t.finish('python', { metadata: { image_artifacts: [{ data: tinyPngBase64, mime_type: 'image/png' }] } });
  list.wait(2);
  t.start('findings', { parent: 'analyst', author_type: 'Agent', author_name: 'Findings', output_format: 'markdown' });
  t.stream('findings', findingsMarkdown(input.question), 1, 4);
  t.finish('findings');
  list.wait(2);
  t.finish('analyst', { message: 'Done.' });
  t.finish('research', { message: 'Research complete.' });

  // A second top-level agent, and a thought sent with `parent_id: "latest"` that belongs under it.
  list.wait(3);
  t.start('review', {
    parent: null,
    author_type: 'Agent',
    author_name: 'Fact Checker',
    message: 'Checking the claims against the sources. ',
  });
  list.wait(3);
  t.start('cite', { ...tool('cite_sources', { count: 2 }, 'review'), parent: 'latest' });
  list.wait(6);
  t.finish('cite', { message: '[1] https://example.com/overview\n[2] https://example.org/guide (unavailable)' });
  list.wait(2);
  t.finish('review', { message: 'All claims are supported.' });

  const answer = researchAnswer(input.question);
  list.wait(3).tokens(answer, 0.6).last(answer);
  return list.run();
}
