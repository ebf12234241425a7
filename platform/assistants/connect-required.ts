// Jira Helper: answers before any stream starts with the errors current servers give when a tool needs the user's
// own sign-in (CURRENT-SERVERS.md §4): `oauth_connect_required` with one provider per integration, or, when the
// question mentions the MCP server, the older `authentication_required` of an MCP server that needs a login.
// Status 401 for both: PLATFORM-FACTS.md records 401 for `authentication_required`, and the newer shape is read by
// the same UI code path; its real status was not seen, so a console must not rely on the status, only the body.
import { RawReply } from './faults/fault-matrix';
import type { ScriptInput } from './script';

const json = { 'Content-Type': 'application/json' };

export const jiraSettingId = 'c3000000-0000-4000-8000-00000000001a';

export function connectRequired(input: ScriptInput): never {
  if (/\b(mcp|server)\b/i.test(input.question)) {
    // The server entries' fields are inferred (not seen in newer sources): the MCP server's name and where to sign in.
    throw new RawReply(
      401,
      json,
      JSON.stringify({
        error: 'authentication_required',
        servers: [{ name: 'jira-mcp', url: 'https://mcp.example.invalid/jira', auth_url: null }],
      }),
    );
  }
  throw new RawReply(
    401,
    json,
    JSON.stringify({
      error: 'oauth_connect_required',
      providers: [{ error: 'jira_auth_required', setting_id: jiraSettingId, integration_name: 'Jira (acme)' }],
    }),
  );
}
