import { describe, expect, it } from 'vitest';
import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { headerProof } from './header-proof';
import { decodedSentinel, headerMismatches, mirroredArgument, toolArgumentsOf } from './mcp-headers';

const tool = (more: Partial<ThoughtNode>): ThoughtNode => ({
  id: 't1',
  parentId: null,
  authorType: 'Tool',
  authorName: 'region_report',
  inputText: '{"region":"São Paulo"}',
  message: '',
  outputFormat: 'text',
  metadata: {},
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children: [],
  ...more,
});

describe('MCP 2026-07-28 headers in the proof', () => {
  it('decodes a base64 sentinel, and nothing else', () => {
    expect(decodedSentinel('=?base64?U8OjbyBQYXVsbw==?=')).toBe('São Paulo');
    expect(decodedSentinel('us-west1')).toBeNull();
    // Not UTF-8 inside: not a value anyone sent.
    expect(decodedSentinel('=?base64?/w==?=')).toBeNull();
  });

  it('names the argument an Mcp-Param-* header mirrors, and who set it; shows a sentinel decoded', () => {
    const roots = [tool({})];
    const toolArgs = toolArgumentsOf(roots);
    expect(mirroredArgument('=?base64?U8OjbyBQYXVsbw==?=', toolArgs)).toBe('region');
    const rows = headerProof({
      sent: [],
      notSent: [],
      received: {
        'mcp-param-region': '=?base64?U8OjbyBQYXVsbw==?=',
        'mcp-method': 'tools/call',
        'mcp-session-id': 'session-7',
      },
      toolArgs,
    });
    const param = rows.find((row) => row.name === 'Mcp-Param-Region');
    expect(param).toMatchObject({ status: 'added', decoded: 'São Paulo', setBy: { by: 'mcp-client' } });
    expect(param?.setBy.detail).toMatch(/^from argument “region” of the tool call \(annotated x-mcp-header: Region;/);
    expect(rows.find((row) => row.name === 'Mcp-Session-Id')?.setBy.detail).toMatch(/older tool server/);
  });

  it('finds a tool call refused with HeaderMismatch, in the server’s words', () => {
    const refused = tool({
      error: true,
      message:
        '{"error":"The tool server at http://x/mcp refused the call: HeaderMismatch: Mcp-Param-Region is \\"a\\", the argument region is \\"b\\""}',
    });
    expect(headerMismatches([refused, tool({ id: 't2' })])).toEqual([
      {
        tool: 'region_report',
        reason: 'HeaderMismatch: Mcp-Param-Region is "a", the argument region is "b"',
      },
    ]);
  });
});
