// Contract: W3C Trace Context through the platform. The caller's `traceparent` is the parent of the request's own
// span; the request is logged with its request id and trace id; tool calls carry the trace on with the platform's
// span as their parent, as a header and in the call's `_meta`, whether or not X-* headers are forwarded.
import { describe, expect, it } from 'vitest';
import { ids, platformWithAnalyst } from '../test-support';
import type { WireAssistantAnswer, WireThought } from '../wire';
import { parseTraceparent } from '../api/trace-context';
import { workflowCalls } from './workflows/workflow-support';

const lines: string[] = [];
const { analyst } = platformWithAnalyst(1, { requestLog: (line) => lines.push(line) });

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const consoleSpan = '00f067aa0ba902b7';
const traceparent = `00-${traceId}-${consoleSpan}-01`;

const toolOutput = (answer: WireAssistantAnswer) => {
  const all = (nodes: readonly WireThought[]): WireThought[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  const tool = all(answer.thoughts ?? []).find((node) => node.author_type === 'Tool');
  return JSON.parse(tool?.message ?? '{}') as { trace_context?: { traceparent?: string; meta_traceparent?: string } };
};

const lineOf = (requestId: string) => lines.find((line) => line.includes(`request_id=${requestId} `));

describe('trace context', () => {
  it('logs the incoming trace id with the request id, under a span of its own whose parent is the caller’s', async () => {
    const response = await analyst('/llm_models', { headers: { traceparent, 'X-Request-ID': 'req-trace-1' } });
    expect(response.status).toBe(200);
    const line = lineOf('req-trace-1');
    expect(line).toContain('GET /code-assistant-api/v1/llm_models');
    expect(line).toContain(`trace_id=${traceId}`);
    expect(line).toContain(`parent_span_id=${consoleSpan}`);
    const span = /span_id=([0-9a-f]{16})/.exec(line ?? '')?.[1];
    expect(span).toBeDefined();
    expect(span).not.toBe(consoleSpan);
  });

  it('starts a trace of its own without a valid traceparent', async () => {
    await analyst('/llm_models', {
      headers: { traceparent: `00-${'0'.repeat(32)}-${consoleSpan}-01`, 'X-Request-ID': 'r2' },
    });
    await analyst('/llm_models', { headers: { 'X-Request-ID': 'r3' } });
    for (const id of ['r2', 'r3']) {
      expect(lineOf(id)).toMatch(/trace_id=[0-9a-f]{32} /);
      expect(lineOf(id)).not.toContain(`trace_id=${'0'.repeat(32)}`);
      expect(lineOf(id)).toContain('parent_span_id=-');
    }
  });

  it('passes the trace on to the MCP tool server, header and _meta, with the platform’s span as the parent', async () => {
    for (const propagate of [true, false]) {
      const requestId = `req-mcp-${String(propagate)}`;
      const response = await analyst(`/assistants/${ids.headerInspector}/model`, {
        body: { text: 'Which headers arrived?', propagate_headers: propagate },
        headers: { traceparent, 'X-Request-ID': requestId },
      });
      expect(response.status).toBe(200);
      const received = toolOutput((await response.json()) as WireAssistantAnswer).trace_context;
      const header = parseTraceparent(received?.traceparent);
      const meta = parseTraceparent(received?.meta_traceparent);
      expect(header?.traceId).toBe(traceId);
      expect(meta).toEqual(header);
      expect(header?.spanId).not.toBe(consoleSpan);
      // The tool's parent is the span the platform logged for the request.
      expect(lineOf(requestId)).toContain(`span_id=${header?.spanId ?? 'none'} `);
    }
  });

  it('passes a run’s trace on to the tools its states call', async () => {
    const calls = workflowCalls(analyst);
    const started = await analyst(calls.executions(ids.headerRelay), {
      body: {},
      headers: { traceparent, 'X-Request-ID': 'req-run' },
    });
    const { execution_id: id } = (await started.json()) as { execution_id: string };
    await calls.until(ids.headerRelay, id, ['Succeeded']);
    const [call] = (await calls.states(ids.headerRelay, id)).data;
    const output = JSON.parse(String(await calls.output(ids.headerRelay, id, call?.id ?? ''))) as {
      trace_context?: { traceparent?: string; meta_traceparent?: string };
    };
    const header = parseTraceparent(output.trace_context?.traceparent);
    expect(header?.traceId).toBe(traceId);
    expect(parseTraceparent(output.trace_context?.meta_traceparent)).toEqual(header);
    expect(lineOf('req-run')).toContain(`span_id=${header?.spanId ?? 'none'} `);
  });
});
