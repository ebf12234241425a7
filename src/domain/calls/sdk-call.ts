import { secretVariable } from './curl';
import { jsString, pyString } from './literals';

// A workflow run written as a call of the platform's client libraries (the seed's table "Client library shapes for
// starting a workflow execution"): Python takes keyword arguments; Node.js takes them positionally in exactly the
// order workflow id, userInput, fileName, sessionId, propagateHeaders, headers, tags, with `undefined` for a skipped
// one. Credentials are read from the environment; a secret header's value too: neither is ever written down.

export interface WorkflowRunCall {
  /** The API's base URL, `/v1` excluded (the libraries' `codemie_api_domain`). */
  apiBase: string;
  workflowId: string;
  userInput?: string | undefined;
  tags: readonly string[];
  sessionId?: string | undefined;
  fileName?: string | undefined;
  propagateHeaders: boolean;
  /** The X-* headers sent; a secret one's value is read from the environment (X-Api-Key → X_API_KEY). */
  headers: readonly { name: string; value: string; secret?: boolean | undefined }[];
}

/** A header a copied call sends: a secret one's value is read from the environment, never written down. */
export type SdkHeader = WorkflowRunCall['headers'][number];

/** A Python string literal, every line break and control character escaped. */
export const py = pyString;
export const pyList = (values: readonly string[]) => `[${values.map(py).join(', ')}]`;

/** A Python dict of headers, indented as a keyword argument of a call. */
export function pyHeaders(call: { headers: readonly SdkHeader[] }): string {
  const entries = call.headers.map(
    (header) =>
      `        ${py(header.name)}: ${header.secret ? `os.environ[${py(secretVariable(header.name))}]` : py(header.value)},`,
  );
  return `{\n${entries.join('\n')}\n    }`;
}

/** The Python client, signed in with a user's credentials read from the environment (the libraries' way in). */
export const pythonClient = (apiBase: string): string[] => [
  '# Signs in with a user’s credentials, read from the environment (never written here).',
  'client = CodeMieClient(',
  '    auth_server_url=os.environ["CODEMIE_AUTH_SERVER_URL"],',
  '    auth_realm_name=os.environ["CODEMIE_AUTH_REALM"],',
  '    auth_client_id=os.environ["CODEMIE_CLIENT_ID"],',
  '    username=os.environ["CODEMIE_USERNAME"],',
  '    password=os.environ["CODEMIE_PASSWORD"],',
  `    codemie_api_domain=${py(apiBase)},`,
  ')',
];

/** `client.workflows.run(...)` in Python, keyword arguments, with the client set up from the environment. */
export function workflowRunPython(call: WorkflowRunCall): string {
  const args = [
    `workflow_id=${py(call.workflowId)}`,
    ...(call.userInput ? [`user_input=${py(call.userInput)}`] : []),
    ...(call.tags.length ? [`tags=${pyList(call.tags)}`] : []),
    ...(call.sessionId ? [`session_id=${py(call.sessionId)}`] : []),
    `propagate_headers=${call.propagateHeaders ? 'True' : 'False'}`,
    ...(call.fileName ? [`file_name=${py(call.fileName)}`] : []),
    ...(call.headers.length ? [`headers=${pyHeaders(call)}`] : []),
  ];
  return [
    'import os',
    '',
    'from codemie_sdk import CodeMieClient',
    '',
    ...pythonClient(call.apiBase),
    '',
    'execution = client.workflows.run(',
    ...args.map((arg) => `    ${arg},`),
    ')',
    'print(execution)',
    '',
  ].join('\n');
}

/** A JavaScript string literal, every line break and control character escaped. */
export const js = jsString;

/** A JavaScript object of headers, indented as an argument of a call. */
export function jsHeaders(call: { headers: readonly SdkHeader[] }): string {
  const entries = call.headers.map(
    (header) =>
      `    ${js(header.name)}: ${header.secret ? `process.env.${secretVariable(header.name)}` : js(header.value)},`,
  );
  return `{\n${entries.join('\n')}\n  }`;
}

/** The Node.js positions, in the seed's order; what is not given is `undefined`, trailing ones left out. */
export function nodeRunArguments(call: WorkflowRunCall): string[] {
  const positions: Array<string | undefined> = [
    js(call.workflowId),
    call.userInput ? js(call.userInput) : undefined,
    call.fileName ? js(call.fileName) : undefined,
    call.sessionId ? js(call.sessionId) : undefined,
    call.propagateHeaders ? 'true' : 'false',
    call.headers.length ? jsHeaders(call) : undefined,
    call.tags.length ? `[${call.tags.map(js).join(', ')}]` : undefined,
  ];
  let last = positions.length - 1;
  while (last > 0 && positions[last] === undefined) last -= 1;
  return positions.slice(0, last + 1).map((arg) => arg ?? 'undefined');
}

const nodeNames = ['workflowId', 'userInput', 'fileName', 'sessionId', 'propagateHeaders', 'headers', 'tags'];

/** The Node.js client, signed in with a user's credentials read from the environment. */
export const nodeClient = (apiBase: string): string[] => [
  "import { CodeMieClient } from 'codemie-sdk';",
  '',
  '// Signs in with a user’s credentials, read from the environment (never written here).',
  'const client = new CodeMieClient({',
  '  auth_server_url: process.env.CODEMIE_AUTH_SERVER_URL,',
  '  auth_realm_name: process.env.CODEMIE_AUTH_REALM,',
  '  auth_client_id: process.env.CODEMIE_CLIENT_ID,',
  '  username: process.env.CODEMIE_USERNAME,',
  '  password: process.env.CODEMIE_PASSWORD,',
  `  codemie_api_domain: ${js(apiBase)},`,
  '});',
];

/** `client.workflows.run(...)` in Node.js, positional, with the client set up from the environment. */
export function workflowRunNode(call: WorkflowRunCall): string {
  const args = nodeRunArguments(call).map((arg, index) => `  ${arg}, // ${nodeNames[index] ?? ''}`);
  return [
    ...nodeClient(call.apiBase),
    '',
    'const execution = await client.workflows.run(',
    ...args,
    ');',
    'console.log(execution);',
    '',
  ].join('\n');
}
