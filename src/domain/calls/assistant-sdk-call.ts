import { js, jsHeaders, nodeClient, py, pyHeaders, pyList, pythonClient, type SdkHeader } from './sdk-call';

// A question to an assistant (POST /v1/assistants/{id}/model) written as a call of the platform's client libraries:
// `client.assistants.chat(assistant_id, request, headers=…)`. The request carries the seed's body fields under the
// libraries' names (`text`, `llm_model`, `stream`, `propagate_headers`) plus the conversation the turn belongs to;
// the forwarded X-* headers go beside it, as the libraries take them. Credentials come from the environment, and so
// does a secret header's value: neither is ever written down.

export interface AssistantChatCall {
  /** The API's base URL, `/v1` excluded (the libraries' `codemie_api_domain`). */
  apiBase: string;
  assistantId: string;
  text: string;
  /** The model override sent; absent means the assistant's default (the key is then left out, as the console does). */
  llmModel?: string | undefined;
  conversationId?: string | undefined;
  fileNames?: readonly string[] | undefined;
  stream: boolean;
  propagateHeaders: boolean;
  headers: readonly SdkHeader[];
}

const jsList = (values: readonly string[]) => `[${values.map(js).join(', ')}]`;

/** The request's fields in the order written, each a name and its value in the target language. */
function requestFields(call: AssistantChatCall, language: 'python' | 'node') {
  const literal = language === 'python' ? py : js;
  const list = language === 'python' ? pyList : jsList;
  const yes = (value: boolean) => (language === 'python' ? (value ? 'True' : 'False') : String(value));
  return [
    ['text', literal(call.text)],
    ...(call.conversationId ? [['conversation_id', literal(call.conversationId)]] : []),
    ...(call.llmModel ? [['llm_model', literal(call.llmModel)]] : []),
    ...(call.fileNames?.length ? [['file_names', list(call.fileNames)]] : []),
    ['stream', yes(call.stream)],
    ...(call.propagateHeaders ? [['propagate_headers', yes(true)]] : []),
  ] as const;
}

/** `client.assistants.chat(...)` in Python: an `AssistantChatRequest`, the headers as the `headers=` keyword. */
export function assistantChatPython(call: AssistantChatCall): string {
  const fields = requestFields(call, 'python').map(([name, value]) => `    ${name}=${value},`);
  return [
    'import os',
    '',
    'from codemie_sdk import CodeMieClient',
    'from codemie_sdk.models.assistant import AssistantChatRequest',
    '',
    ...pythonClient(call.apiBase),
    '',
    'request = AssistantChatRequest(',
    ...fields,
    ')',
    'response = client.assistants.chat(',
    `    ${py(call.assistantId)},`,
    '    request,',
    ...(call.headers.length ? [`    headers=${pyHeaders(call)},`] : []),
    ')',
    ...(call.stream
      ? [
          '# stream=True: the answer arrives in chunks, as the server sends them.',
          'for chunk in response:',
          '    print(chunk)',
        ]
      : ['print(response.generated)']),
    '',
  ].join('\n');
}

/** The Node.js arguments in order: assistant id, the request object, then the headers when any are sent. */
export function nodeChatArguments(call: AssistantChatCall): string[] {
  const fields = requestFields(call, 'node').map(([name, value]) => `    ${name}: ${value},`);
  return [js(call.assistantId), ['{', ...fields, '  }'].join('\n'), ...(call.headers.length ? [jsHeaders(call)] : [])];
}

const nodeNames = ['assistantId', 'params', 'headers'];

/** `client.assistants.chat(...)` in Node.js, with the client set up from the environment. */
export function assistantChatNode(call: AssistantChatCall): string {
  const args = nodeChatArguments(call).map((arg, index) => `  ${arg}, // ${nodeNames[index] ?? ''}`);
  return [
    ...nodeClient(call.apiBase),
    '',
    'const response = await client.assistants.chat(',
    ...args,
    ');',
    ...(call.stream
      ? [
          '// stream: true: the answer arrives in chunks, as the server sends them.',
          'for await (const chunk of response) console.log(chunk);',
        ]
      : ['console.log(response.generated);']),
    '',
  ].join('\n');
}
