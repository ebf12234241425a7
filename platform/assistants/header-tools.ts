// Header Inspector and Tenant Data: each calls one tool of the MCP server (for real, before the answer is
// played), streams the call as a Tool thought whose output is the tool's JSON (with `received_headers`), then
// answers from what the tool returned. Deterministic for the same request, so a replayed call answers alike.
import type { ScriptInput, ToolCallOutcome } from './script';
import { StepList, type ScriptedRun } from './steps';
import { ThoughtScript } from './thoughts';

// Characters per streamed piece of an agent's thinking aloud.
const thinkingPiece = 5;

// Markdown would read these as formatting; header values are shown as typed.
export const literal = (text: string) => text.replace(/[\\`*_|<>[\]#]/g, (char) => `\\${char}`);

/**
 * `thinking`: what the agent thinks aloud once the tool answered, streamed into its thought a few characters at a time
 * (as a model streams tokens), so a value in it arrives cut across chunks.
 */
export function toolRun(
  input: ScriptInput,
  agent: string,
  call: ToolCallOutcome,
  answer: string,
  thinking = '',
): ScriptedRun {
  const list = new StepList();
  const t = new ThoughtScript(list, `${agent}\u0000${input.question}`);
  t.start('agent', {
    parent: null,
    author_type: 'Agent',
    author_name: agent,
    message: `Calling ${call.tool} on the MCP tool server. `,
  });
  list.wait(2);
  t.start('tool', {
    parent: 'agent',
    author_type: 'Tool',
    author_name: call.tool,
    input_text: JSON.stringify(call.args),
    metadata: {
      replay_type: 'tool',
      tool_name: call.tool,
      tool_args: call.args,
      status: 'running',
      mcp_server: call.server,
    },
  });
  list.wait(4);
  t.finish('tool', { message: call.result.text, ...(call.result.isError ? { error: true } : {}) });
  list.wait(1);
  for (let at = 0; at < thinking.length; at += thinkingPiece) {
    list.wait(0.25);
    t.update('agent', { message: thinking.slice(at, at + thinkingPiece) });
  }
  t.finish('agent', { message: call.result.isError ? 'The tool reported an error.' : 'Done.' });
  list.wait(2).tokens(answer, 0.5).last(answer);
  return list.run();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The X-* headers the tool reported (its report also lists trace context and MCP's own headers: not forwarded ones). */
function receivedOf(call: ToolCallOutcome): [string, string][] {
  const received = isRecord(call.result.json) ? call.result.json['received_headers'] : undefined;
  return isRecord(received)
    ? Object.entries(received).flatMap(([name, value]) =>
        typeof value === 'string' && name.toLowerCase().startsWith('x-') ? [[name, value] as [string, string]] : [],
      )
    : [];
}

const forwardingNote = (call: ToolCallOutcome) =>
  call.propagate
    ? 'The platform forwarded the X-* headers of your request (minus the blocklist) because propagate_headers was true.'
    : 'The platform forwarded no header: propagate_headers was not true.';

export function headerInspectorRun(input: ScriptInput, call: ToolCallOutcome): ScriptedRun {
  const received = receivedOf(call);
  const answer = call.result.isError
    ? `The tool server could not be asked: ${literal(call.result.text)}`
    : received.length === 0
      ? `The tool server received **no X-\\* header**.\n\n${forwardingNote(call)} Turn “Forward headers” on in the console (it sends \`propagate_headers: true\`) to see them arrive.`
      : [
          `The tool server received **${received.length} X-\\* header${received.length === 1 ? '' : 's'}**:`,
          '',
          '| Header | Value received |',
          '| --- | --- |',
          ...received.map(([name, value]) => `| ${literal(name)} | ${literal(value)} |`),
          '',
          forwardingNote(call),
          'Headers named Authorization, Cookie, X-Api-Key, X-Auth-Token, X-Internal-Secret or X-Internal-Token are never forwarded.',
        ].join('\n');
  return toolRun(input, 'Header Inspector', call, answer);
}

interface TenantRecord {
  id: string;
  kind: string;
  title: string;
  amount?: number;
}

function recordsOf(
  json: unknown,
): { company: string | null; tenant: string; records: TenantRecord[]; note?: string } | null {
  if (!isRecord(json) || typeof json['tenant'] !== 'string' || !Array.isArray(json['records'])) return null;
  const records = json['records'].filter(
    (item): item is TenantRecord =>
      isRecord(item) &&
      typeof item['id'] === 'string' &&
      typeof item['title'] === 'string' &&
      typeof item['kind'] === 'string',
  );
  return {
    company: typeof json['company'] === 'string' ? json['company'] : null,
    tenant: json['tenant'],
    records,
    ...(typeof json['note'] === 'string' ? { note: json['note'] } : {}),
  };
}

export function tenantDataRun(input: ScriptInput, call: ToolCallOutcome): ScriptedRun {
  const data = call.result.isError ? null : recordsOf(call.result.json);
  const error =
    isRecord(call.result.json) && typeof call.result.json['error'] === 'string'
      ? call.result.json['error']
      : call.result.text;
  let answer: string;
  if (!data)
    answer = `I could not get any records. The tool server said: ${literal(error)}\n\n${call.propagate ? 'Add an X-Tenant-ID header to the active profile.' : forwardingNote(call)}`;
  else if (!data.company)
    answer = `There is no tenant “${literal(data.tenant)}” on the tool server. ${literal(data.note ?? '')}`;
  else
    answer = [
      `**${data.company}** (tenant ${literal(data.tenant)}) has ${data.records.length} records:`,
      '',
      '| ID | Kind | Title | Amount |',
      '| --- | --- | --- | --- |',
      ...data.records.map(
        (record) =>
          `| ${record.id} | ${record.kind} | ${literal(record.title)} | ${record.amount === undefined ? '—' : `$${record.amount.toLocaleString('en-US')}`} |`,
      ),
    ].join('\n');
  return toolRun(input, 'Tenant Data', call, answer);
}
