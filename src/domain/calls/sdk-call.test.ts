import { describe, expect, it } from 'vitest';
import { nodeRunArguments, workflowRunNode, workflowRunPython, type WorkflowRunCall } from './sdk-call';

const call: WorkflowRunCall = {
  apiBase: 'https://codemie.example/code-assistant-api',
  workflowId: 'b2000000-0000-4000-8000-000000000001',
  userInput: 'Summarize "Q3"',
  tags: ['q3', 'finance'],
  propagateHeaders: true,
  headers: [
    { name: 'X-Tenant-ID', value: 'acme' },
    { name: 'X-Api-Key', value: '••••••', secret: true },
  ],
};

describe('a workflow run as a client-library call (the seed’s table)', () => {
  it('Node.js: positional in the seed’s order, tags seventh, undefined for the skipped fileName and sessionId', () => {
    expect(nodeRunArguments(call)).toEqual([
      "'b2000000-0000-4000-8000-000000000001'",
      `'Summarize "Q3"'`,
      'undefined',
      'undefined',
      'true',
      "{\n    'X-Tenant-ID': 'acme',\n    'X-Api-Key': process.env.X_API_KEY,\n  }",
      "['q3', 'finance']",
    ]);
    // Every position filled: nothing skipped.
    const full = nodeRunArguments({ ...call, fileName: 'report.csv', sessionId: 's-1' });
    expect(full.slice(2, 4)).toEqual(["'report.csv'", "'s-1'"]);
    // Trailing positions not given are left out, not written as undefined.
    expect(nodeRunArguments({ ...call, tags: [], headers: [], propagateHeaders: false })).toEqual([
      "'b2000000-0000-4000-8000-000000000001'",
      `'Summarize "Q3"'`,
      'undefined',
      'undefined',
      'false',
    ]);
  });

  it('Python: keyword arguments by the request fields’ names', () => {
    const code = workflowRunPython({ ...call, sessionId: 's-1', fileName: 'report.csv' });
    expect(code).toContain('client.workflows.run(');
    for (const keyword of [
      'workflow_id="b2000000-0000-4000-8000-000000000001"',
      'user_input="Summarize \\"Q3\\""',
      'tags=["q3", "finance"]',
      'session_id="s-1"',
      'propagate_headers=True',
      'file_name="report.csv"',
    ])
      expect(code).toContain(`    ${keyword},`);
    expect(code).toContain('"X-Api-Key": os.environ["X_API_KEY"]');
  });

  it('never writes a token, a password or a secret value: the client signs in from the environment', () => {
    for (const code of [workflowRunPython(call), workflowRunNode(call)]) {
      expect(code).not.toMatch(/Bearer|eyJ|••••••/);
      expect(code).toMatch(/CODEMIE_PASSWORD/);
      expect(code).toContain('https://codemie.example/code-assistant-api');
    }
    expect(workflowRunNode(call)).toContain('  undefined, // fileName');
    expect(workflowRunNode(call)).toContain("  ['q3', 'finance'], // tags");
  });
});
