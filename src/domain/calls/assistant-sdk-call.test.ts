import { describe, expect, it } from 'vitest';
import {
  assistantChatNode,
  assistantChatPython,
  nodeChatArguments,
  type AssistantChatCall,
} from './assistant-sdk-call';

const call: AssistantChatCall = {
  apiBase: 'https://codemie.example/code-assistant-api',
  assistantId: 'a1000000-0000-4000-8000-000000000001',
  text: 'What is "Q3" revenue?',
  llmModel: 'gpt-4o',
  conversationId: 'c-42',
  stream: true,
  propagateHeaders: true,
  headers: [
    { name: 'X-Tenant-ID', value: 'acme' },
    { name: 'X-Api-Key', value: '••••••', secret: true },
  ],
};

/** The request's field names, in the order the Python snippet writes them. */
const assistantRequestFields = (call: AssistantChatCall): string[] => {
  const code = assistantChatPython(call);
  const start = code.indexOf('AssistantChatRequest(\n');
  const body = code.slice(start, code.indexOf('\n)', start));
  return [...body.matchAll(/^ {4}(\w+)=/gm)].map((match) => match[1] ?? '');
};

describe('an assistant call as a client-library call', () => {
  it('the request holds the seed’s body fields under the libraries’ names, in one order', () => {
    // text (required), the conversation, the model override (seed: llmModel; the libraries: llm_model), stream,
    // propagate_headers: what the turn sent, nothing it did not.
    expect(assistantRequestFields(call)).toEqual([
      'text',
      'conversation_id',
      'llm_model',
      'stream',
      'propagate_headers',
    ]);
    expect(
      assistantRequestFields({ ...call, llmModel: undefined, conversationId: undefined, propagateHeaders: false }),
    ).toEqual(['text', 'stream']);
    expect(assistantRequestFields({ ...call, fileNames: ['f1'] })).toContain('file_names');
  });

  it('Python: client.assistants.chat(assistant_id, AssistantChatRequest(...), headers={...})', () => {
    const code = assistantChatPython(call);
    expect(code).toContain('from codemie_sdk.models.assistant import AssistantChatRequest');
    expect(code).toMatch(
      /request = AssistantChatRequest\(\n {4}text="What is \\"Q3\\" revenue\?",\n {4}conversation_id="c-42",\n {4}llm_model="gpt-4o",\n {4}stream=True,\n {4}propagate_headers=True,\n\)/,
    );
    expect(code).toMatch(
      /client\.assistants\.chat\(\n {4}"a1000000-0000-4000-8000-000000000001",\n {4}request,\n {4}headers=\{/,
    );
    expect(code).toContain('"X-Api-Key": os.environ["X_API_KEY"]');
    expect(code).toContain('for chunk in response:');
    expect(assistantChatPython({ ...call, stream: false })).toContain('stream=False');
    expect(assistantChatPython({ ...call, stream: false })).toContain('print(response.generated)');
    // No headers sent: no headers keyword.
    expect(assistantChatPython({ ...call, headers: [] })).not.toMatch(/^ +headers=/m);
  });

  it('Node.js: positional assistant id, the request object, then the headers', () => {
    const args = nodeChatArguments(call);
    expect(args).toHaveLength(3);
    expect(args[0]).toBe("'a1000000-0000-4000-8000-000000000001'");
    expect(args[1]).toBe(
      "{\n    text: 'What is \"Q3\" revenue?',\n    conversation_id: 'c-42',\n    llm_model: 'gpt-4o',\n    stream: true,\n    propagate_headers: true,\n  }",
    );
    expect(args[2]).toContain("'X-Api-Key': process.env.X_API_KEY");
    expect(nodeChatArguments({ ...call, headers: [] })).toHaveLength(2);
    const code = assistantChatNode({ ...call, stream: false });
    expect(code).toContain('const response = await client.assistants.chat(');
    expect(code).toContain('  }, // params');
    expect(code).toContain('console.log(response.generated);');
  });

  it('never writes a token, a password or a secret value: the client signs in from the environment', () => {
    for (const code of [assistantChatPython(call), assistantChatNode(call)]) {
      expect(code).not.toMatch(/Bearer|eyJ|••••••|Authorization/);
      expect(code).toMatch(/CODEMIE_PASSWORD/);
      expect(code).toContain('https://codemie.example/code-assistant-api');
    }
  });
});
