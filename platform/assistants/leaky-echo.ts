// Leaky Echo: calls the leaky_echo tool, then answers with every form the tool wrote each X-* header in, as a careless
// assistant would (values in code spans, and once in a table cell, Markdown-escaped), after thinking aloud with them
// in pieces cut across chunks. The console masks them all.
import { literal, toolRun } from './header-tools';
import type { ScriptInput, ToolCallOutcome } from './script';
import type { ScriptedRun } from './steps';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const formNames = [
  ['raw', 'As received'],
  ['base64', 'Base64'],
  ['base64url', 'URL-safe base64'],
  ['percent', 'Percent-encoded'],
  ['basic', 'Inside Basic auth'],
] as const;

export function leakyEchoRun(input: ScriptInput, call: ToolCallOutcome): ScriptedRun {
  const leaked = isRecord(call.result.json) && isRecord(call.result.json['leaked']) ? call.result.json['leaked'] : {};
  const headers = Object.entries(leaked).filter((entry): entry is [string, Record<string, unknown>] =>
    isRecord(entry[1]),
  );
  const form = (forms: Record<string, unknown>, key: string) => {
    const value = forms[key];
    return typeof value === 'string' ? value : '';
  };
  const answer = call.result.isError
    ? `The tool server could not be asked: ${literal(call.result.text)}`
    : headers.length === 0
      ? 'The leaky tool received **no X-\\* header**: turn “Forward headers” on and add one to the active profile.'
      : [
          `The leaky tool received ${headers.length} X-\\* header${headers.length === 1 ? '' : 's'} and wrote each in every form it knows:`,
          '',
          ...headers.flatMap(([name, forms]) => [
            `**${literal(name)}**`,
            '',
            ...formNames.map(([key, label]) => `- ${label}: \`${form(forms, key)}\``),
            `- Markdown-escaped, in a table:`,
            '',
            '| Header | Value |',
            '| --- | --- |',
            `| ${literal(name)} | ${literal(form(forms, 'raw'))} |`,
            '',
          ]),
        ].join('\n');
  // The agent thinks aloud with the values as is and percent-encoded, streamed a few characters at a time: each value
  // arrives cut across chunks, and only the thought the chunks assemble holds it.
  const thinking = call.result.isError
    ? ''
    : headers
        .map(([name, forms]) => `Noted ${name} = ${form(forms, 'raw')} (percent: ${form(forms, 'percent')}). `)
        .join('');
  return toolRun(input, 'Leaky Echo', call, answer, thinking);
}
