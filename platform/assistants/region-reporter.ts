// Region Reporter: calls the region_report tool, whose `region` argument is annotated `x-mcp-header: Region`, so the
// platform's MCP client (2026-07-28) mirrors it as `Mcp-Param-Region` (a non-ASCII name as the base64 sentinel). Asked
// "through a rewriting proxy", the call goes as if a proxy had rewritten that header: the tool server refuses it with
// HeaderMismatch, and the answer says so.
import { literal, toolRun } from './header-tools';
import type { ScriptInput, ToolCallOutcome } from './script';
import type { ScriptedRun } from './steps';

/** The region a question names ("… region São Paulo", "… for us-west1"); us-west1 when it names none. */
export function regionOf(question: string): string {
  const named = /\bregion\s+([^\s,.;!?][^,.;!?]*?)\s*(?:[,.;!?]|\bthrough\b|$)/i.exec(question)?.[1];
  const code = /\b([a-z]{2,}-[a-z]+\d+)\b/i.exec(question)?.[1];
  return (named ?? code ?? 'us-west1').trim();
}

/** The demo knob: the question asks for a proxy that rewrites the mirrored header. */
export const throughRewritingProxy = (question: string): boolean => /\brewriting proxy\b/i.test(question);

export function regionReporterRun(input: ScriptInput, call: ToolCallOutcome): ScriptedRun {
  const region = typeof call.args['region'] === 'string' ? call.args['region'] : regionOf(input.question);
  const status =
    typeof call.result.json === 'object' && call.result.json !== null && 'status' in call.result.json
      ? String((call.result.json as { status: unknown }).status)
      : '';
  const answer = call.result.isError
    ? `The region report for **${literal(region)}** failed: ${literal(call.result.text)}`
    : `${literal(status)}\n\nThe platform's MCP client sent the region as the \`Mcp-Param-Region\` header too (its argument is annotated \`x-mcp-header: Region\`); the Header proof shows it.`;
  return toolRun(input, 'Region Reporter', call, answer);
}
