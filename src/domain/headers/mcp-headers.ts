import type { ThoughtNode } from '@/domain/thoughts/thought-tree';

// What MCP 2026-07-28 puts on a tool server's request besides the forwarded headers (CURRENT-SERVERS.md §7): a tool
// argument annotated `x-mcp-header: Region` mirrored as `Mcp-Param-Region` (non-ASCII or padded values as the base64
// sentinel `=?base64?…?=`), and a tool server that refuses a header disagreeing with the body (HeaderMismatch).

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isMcpParam = (name: string): boolean => /^mcp-param-[a-z0-9-]+$/i.test(name);

/** `mcp-param-region` as the specification spells it: `Mcp-Param-Region`. */
export const mcpParamSpelling = (name: string): string =>
  name
    .split('-')
    .map((part) => (part ? `${part[0]?.toUpperCase() ?? ''}${part.slice(1).toLowerCase()}` : part))
    .join('-');

/** A sentinel's value decoded (UTF-8 inside base64), or null when the value is not a well-formed sentinel. */
export function decodedSentinel(value: string): string | null {
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!match) return null;
  try {
    const bytes = Uint8Array.from(atob(match[1] ?? ''), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function toolNodes(roots: readonly ThoughtNode[]): ThoughtNode[] {
  const found: ThoughtNode[] = [];
  const stack = [...roots];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.authorType.toLowerCase() === 'tool') found.push(node);
    stack.push(...node.children);
  }
  return found;
}

/** The arguments of the answer's tool calls, where they are JSON objects. */
export function toolArgumentsOf(roots: readonly ThoughtNode[]): Record<string, unknown>[] {
  return toolNodes(roots).flatMap((node) => {
    try {
      const args: unknown = JSON.parse(node.inputText);
      return isRecord(args) ? [args] : [];
    } catch {
      return [];
    }
  });
}

/** Which tool argument an `Mcp-Param-*` header mirrors: the one whose value is the header's (decoded). */
export function mirroredArgument(
  received: string | undefined,
  toolArgs: readonly Readonly<Record<string, unknown>>[],
): string | undefined {
  if (received === undefined) return undefined;
  const value = decodedSentinel(received) ?? received;
  for (const args of toolArgs)
    for (const [name, given] of Object.entries(args))
      if (
        (typeof given === 'string' || typeof given === 'number' || typeof given === 'boolean') &&
        String(given) === value
      )
        return name;
  return undefined;
}

/** Tool calls a tool server refused because a mirrored header disagreed with the body, with the server's words. */
export function headerMismatches(roots: readonly ThoughtNode[]): { tool: string; reason: string }[] {
  return toolNodes(roots).flatMap((node) => {
    if (!node.error || !node.message.includes('HeaderMismatch')) return [];
    // Tool errors come as JSON ({"error": "…"}) or as plain text.
    let words = node.message;
    try {
      const parsed: unknown = JSON.parse(node.message);
      if (isRecord(parsed) && typeof parsed['error'] === 'string') words = parsed['error'];
    } catch {
      // plain text
    }
    return [{ tool: node.authorName || 'A tool', reason: words.slice(words.indexOf('HeaderMismatch')) }];
  });
}
