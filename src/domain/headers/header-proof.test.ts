import { describe, expect, it } from 'vitest';
import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { headerProof, proofSummary, proofVerdict, receivedHeadersFrom } from './header-proof';

const node = (id: string, message: string, children: ThoughtNode[] = []): ThoughtNode => ({
  id,
  parentId: null,
  authorType: 'Tool',
  authorName: 'echo_headers',
  outputFormat: 'text',
  inputText: '',
  message,
  metadata: {},
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children,
});

describe('receivedHeadersFrom', () => {
  it('reads received_headers from a nested tool thought, lowercasing names', () => {
    const tool = node('t', JSON.stringify({ received_headers: { 'X-Tenant-ID': 'acme', 'x-n': 3 } }));
    expect(receivedHeadersFrom([node('agent', 'Thinking…', [tool])])).toEqual({ 'x-tenant-id': 'acme' });
  });

  it('reads JSON inside a code fence, merges several tools, and is null when no tool reported', () => {
    const fenced = node('a', 'Tool output:\n```json\n{"received_headers": {"x-a": "1"}}\n```');
    const plain = node('b', '{"received_headers": {"x-b": "2"}, "records": []}');
    expect(receivedHeadersFrom([fenced, plain])).toEqual({ 'x-a': '1', 'x-b': '2' });
    expect(receivedHeadersFrom([node('c', 'no report'), node('d', '{"received_headers": "none"}')])).toBeNull();
  });
});

describe('headerProof', () => {
  it('gives each header its verdict and reason', () => {
    const rows = headerProof({
      sent: [
        { name: 'X-Tenant-ID', value: 'acme' },
        { name: 'X-Api-Key', value: 'k', stripped: true },
        { name: 'X-Lost', value: 'l' },
        { name: 'X-Changed', value: 'before' },
      ],
      notSent: [],
      received: { 'x-tenant-id': 'acme', 'x-changed': 'after', 'x-proxy': 'p' },
    });
    expect(rows.map(({ name, status, sent, received }) => ({ name, status, sent, received }))).toEqual([
      { name: 'X-Tenant-ID', status: 'forwarded', sent: 'acme', received: 'acme' },
      { name: 'X-Api-Key', status: 'stripped', sent: 'k', received: undefined },
      { name: 'X-Lost', status: 'not-received', sent: 'l', received: undefined },
      { name: 'X-Changed', status: 'changed', sent: 'before', received: 'after' },
      { name: 'x-proxy', status: 'received-only', sent: undefined, received: 'p' },
    ]);
    expect(rows.every((row) => row.reason.length > 0)).toBe(true);
  });

  it('marks headers not sent with forwarding off, and sent ones unverified when no tool reported', () => {
    expect(headerProof({ sent: [], notSent: ['X-Tenant-ID'], received: {} })).toEqual([
      {
        name: 'X-Tenant-ID',
        status: 'not-sent',
        reason: 'Forwarding was off: the console did not send it.',
        setBy: { by: 'you', detail: 'your headers' },
      },
    ]);
    expect(headerProof({ sent: [{ name: 'X-A', value: 'a' }], notSent: [], received: null })[0]?.status).toBe(
      'unverified',
    );
    expect(headerProof({ sent: [{ name: 'X-Api-Key', value: 'a' }], notSent: [], received: null })[0]?.status).toBe(
      'stripped',
    );
  });
});

describe('a secret header in the proof', () => {
  it('shows what arrived under its name masked, forwarded when the echo was the value sent (masked in the text)', () => {
    const sent = [{ name: 'X-Service-Token', value: '••••••', secret: true }];
    const same = headerProof({ sent, notSent: [], received: { 'x-service-token': '••••••' } });
    expect(same).toMatchObject([{ status: 'forwarded', sent: '••••••', received: '••••••' }]);
    const other = headerProof({ sent, notSent: [], received: { 'x-service-token': 'rewritten-by-proxy' } });
    expect(other).toMatchObject([{ status: 'changed', received: '••••••' }]);
    expect(JSON.stringify(other)).not.toContain('rewritten-by-proxy');
  });
});

describe('the console’s own request id in the proof', () => {
  it('is a sent header when a tool reports it, and never "received, not sent"', () => {
    const rows = headerProof({
      sent: [{ name: 'X-Tenant-ID', value: 'acme' }],
      notSent: [],
      received: { 'x-tenant-id': 'acme', 'x-request-id': 'r-1' },
      requestId: 'r-1',
    });
    expect(rows.map((row) => [row.name, row.status])).toEqual([
      ['X-Tenant-ID', 'forwarded'],
      ['X-Request-ID', 'forwarded'],
    ]);
    expect(proofSummary(rows)).toBe('All 2 headers arrived at the tool server as sent.');
    expect(proofVerdict(rows)).toEqual({ text: 'all arrived as sent', toLookAt: false });
  });

  it('sums up what did not arrive as sent', () => {
    const rows = headerProof({
      sent: [
        { name: 'X-Api-Key', value: 'k' },
        { name: 'X-A', value: 'a' },
      ],
      notSent: [],
      received: {},
    });
    expect(proofSummary(rows)).toBe('0 arrived as sent, 1 held back as expected, 1 to look at.');
    // The closed panel's line puts what to look at first, and says nothing of none arriving.
    expect(proofVerdict(rows)).toEqual({ text: '1 to look at, 1 held back', toLookAt: true });
  });
});
