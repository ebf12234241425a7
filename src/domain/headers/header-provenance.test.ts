import { describe, expect, it } from 'vitest';
import { headerProof, proofSummary } from './header-proof';
import { provenanceOf, type ProvenanceContext } from './header-provenance';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const platformSpan = 'b7ad6b7169203331';
const context: ProvenanceContext = {
  profileName: 'Tenant A',
  sent: [
    { name: 'X-Tenant-ID', value: 'acme', template: 'acme' },
    { name: 'X-Correlation-ID', value: '7f3c2a9e-5b1d-4c8e-9a2f-1e6d4b8c0a37', template: '{{uuid}}' },
    { name: 'X-Service-Token', value: '••••••', template: '••••••', secret: true },
  ],
  requestId: 'req-1',
  traceId,
};

describe('provenanceOf', () => {
  it('names your profile row, and for a template the template and what it resolved to', () => {
    expect(provenanceOf('x-tenant-id', 'acme', context)).toEqual({
      by: 'you',
      detail: 'profile “Tenant A”, row X-Tenant-ID',
    });
    expect(provenanceOf('X-Correlation-ID', undefined, context)).toEqual({
      by: 'you',
      detail: 'template {{uuid}} → 7f3c2a9e-5b1d-4c8e-9a2f-1e6d4b8c0a37, profile “Tenant A”',
    });
    // A secret row tells no more than whose it is.
    const secret = provenanceOf('x-service-token', '••••••', context);
    expect(secret.by).toBe('you');
    expect(secret.detail).not.toContain('••••••');
    expect(provenanceOf('X-Tenant-ID', 'acme', { ...context, profileName: null }).detail).toBe(
      'your headers, row X-Tenant-ID',
    );
  });

  it('gives the console its request id, unless another value arrived under the name', () => {
    expect(provenanceOf('x-request-id', 'req-1', context).by).toBe('console');
    expect(provenanceOf('x-request-id', 'gateway-9', context).by).toBe('unknown');
    // Without one of the console's own, a received X-Request-ID is nobody's known header.
    expect(provenanceOf('x-request-id', 'req-1', { ...context, requestId: undefined }).by).toBe('unknown');
  });

  it('gives the console a traceparent in its trace, the platform one in a trace of its own', () => {
    const continued = provenanceOf('traceparent', `00-${traceId}-${platformSpan}-01`, context);
    expect(continued).toMatchObject({ by: 'console' });
    expect(continued.detail).toContain('passed on by the platform');
    const own = `00-${'1'.repeat(32)}-${platformSpan}-01`;
    expect(provenanceOf('traceparent', own, context).by).toBe('platform');
    expect(provenanceOf('traceparent', own, { ...context, traceId: undefined }).detail).toContain(
      'the console sent none',
    );
    expect(provenanceOf('traceparent', 'garbage', context).by).toBe('unknown');
  });

  it('gives the MCP client the standard headers of MCP 2026-07-28, whatever their case', () => {
    for (const name of ['Mcp-Method', 'mcp-name', 'MCP-Protocol-Version', 'mcp-session-id'])
      expect(provenanceOf(name, 'x', context).by).toBe('mcp-client');
  });

  it('gives the platform a name platforms strip from callers, and claims nothing for anything else', () => {
    expect(provenanceOf('authorization', '(withheld)', context).by).toBe('platform');
    expect(provenanceOf('x-forwarded-for', '10.0.0.1', context).by).toBe('unknown');
    expect(provenanceOf('x-gateway', 'g', { sent: [] }).by).toBe('unknown');
  });
});

describe('the proof with provenance', () => {
  const received = {
    'x-tenant-id': 'acme',
    'x-request-id': 'req-1',
    traceparent: `00-${traceId}-${platformSpan}-01`,
    'mcp-method': 'tools/call',
    'mcp-name': 'echo_headers',
    'mcp-protocol-version': '2025-11-25',
  };

  it('lists every header the tool server received with who set it, and the stripped one as before', () => {
    const rows = headerProof({
      sent: [
        { name: 'X-Tenant-ID', value: 'acme', template: 'acme' },
        { name: 'X-Api-Key', value: 'k', stripped: true },
      ],
      notSent: [],
      received,
      requestId: 'req-1',
      traceId,
      profileName: 'Tenant A',
    });
    expect(rows.map((row) => [row.name, row.status, row.setBy.by])).toEqual([
      ['X-Tenant-ID', 'forwarded', 'you'],
      ['X-Api-Key', 'stripped', 'you'],
      ['X-Request-ID', 'forwarded', 'console'],
      ['traceparent', 'continued', 'console'],
      ['Mcp-Method', 'added', 'mcp-client'],
      ['Mcp-Name', 'added', 'mcp-client'],
      ['MCP-Protocol-Version', 'added', 'mcp-client'],
    ]);
    expect(proofSummary(rows)).toBe(
      '3 arrived as sent, 1 held back as expected. 3 more were added on the way by the MCP client.',
    );
  });

  it('claims nothing a server did not pass on (a 2.42-era server: X-* headers only, no MCP headers, no trace)', () => {
    const rows = headerProof({
      sent: [{ name: 'X-Tenant-ID', value: 'acme', template: 'acme' }],
      notSent: [],
      received: { 'x-tenant-id': 'acme', 'x-request-id': 'req-1' },
      requestId: 'req-1',
      traceId,
    });
    expect(rows.map((row) => [row.name, row.status, row.setBy.by])).toEqual([
      ['X-Tenant-ID', 'forwarded', 'you'],
      ['X-Request-ID', 'forwarded', 'console'],
      ['traceparent', 'stripped', 'console'],
    ]);
    expect(rows.some((row) => row.setBy.by === 'mcp-client')).toBe(false);
    expect(proofSummary(rows)).toBe('2 arrived as sent, 1 held back as expected.');
  });

  it('adds no trace or request id row when no tool reported: nothing arrived, nothing is claimed', () => {
    const rows = headerProof({
      sent: [{ name: 'X-Tenant-ID', value: 'acme' }],
      notSent: [],
      received: null,
      requestId: 'req-1',
      traceId,
    });
    expect(rows.map((row) => row.name)).toEqual(['X-Tenant-ID']);
  });

  it('marks a trace of the platform’s own as changed, set by the platform, and an unknown header as to look at', () => {
    const rows = headerProof({
      sent: [],
      notSent: [],
      received: { traceparent: `00-${'2'.repeat(32)}-${platformSpan}-01`, 'x-gateway': 'g' },
      traceId,
    });
    expect(rows.map((row) => [row.name, row.status, row.setBy.by])).toEqual([
      ['traceparent', 'changed', 'platform'],
      ['x-gateway', 'received-only', 'unknown'],
    ]);
    expect(proofSummary(rows)).toBe('0 arrived as sent, 2 to look at.');
  });

  it('with trace context off, a traceparent that arrives is the platform’s, added on the way', () => {
    const rows = headerProof({
      sent: [{ name: 'X-Tenant-ID', value: 'acme' }],
      notSent: [],
      received: { 'x-tenant-id': 'acme', traceparent: `00-${traceId}-${platformSpan}-01` },
    });
    expect(rows.map((row) => [row.name, row.status, row.setBy.by])).toEqual([
      ['X-Tenant-ID', 'forwarded', 'you'],
      ['traceparent', 'added', 'platform'],
    ]);
    expect(proofSummary(rows)).toBe(
      'All the header arrived at the tool server as sent. 1 more was added on the way by the platform.',
    );
  });
});
