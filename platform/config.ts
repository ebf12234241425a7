// Runtime options of the local platform, read from the environment by main.ts; tests pass them directly.
import type { StreamWire } from './stream-writer';
import type { InProgressCasing, ServerGeneration } from './generation';

export interface PlatformOptions {
  /** Port to bind; 0 picks a free one. */
  port: number;
  /** Host to bind. Undefined: loopback on IPv4 and (when available) IPv6, so `localhost` works everywhere. */
  host?: string;
  /** Browser origins of the console (CORS, redirect URIs, post-logout redirect URIs). */
  consoleOrigins: readonly string[];
  /** Lifetime of access tokens in seconds. */
  accessTokenTtl: number;
  /** Origin browsers and tokens use (issuer, audience). Default: http://localhost:<port>. */
  publicOrigin?: string;
  /** Milliseconds per streamed token of the General Assistant; other assistants scale from it. */
  streamDelayMs: number;
  /** Forces every streamed answer onto this wire (env PLATFORM_STREAM_WIRE); default: each assistant's own. */
  streamWire?: StreamWire;
  /** Port of the MCP tool server (env MCP_PORT, 8090); 0 or unset picks a free one. */
  mcpPort?: number;
  /** Forward X-* headers to tools on assistant calls whatever propagate_headers says, like real servers (env PLATFORM_FORWARD_ALWAYS=true). */
  forwardAlways?: boolean;
  /** Largest uploaded file in bytes (env PLATFORM_MAX_UPLOAD_BYTES; real servers' default 104857600). */
  maxUploadBytes?: number;
  /** How long the Slow Tool's MCP tool works in silence by default, in ms (env PLATFORM_SILENT_TOOL_MS, 5000). */
  silentToolMs?: number;
  /**
   * Serves the conversations endpoints (/v1/conversations…, history, feedback) (env PLATFORM_CONVERSATIONS=off turns
   * them into 404s, like a deployment without them). Calls still store their turns. Default on.
   */
  conversations?: boolean;
  /**
   * Which generation of server to behave like (env PLATFORM_SERVER): `current` (default; CURRENT-SERVERS.md: tool-call
   * approval, A2UI, background generation) or `2.42` (DEPLOYED-API.md: interactive_request, no tool policies).
   */
  server?: ServerGeneration;
  /**
   * How history items spell background generation's flag (env PLATFORM_IN_PROGRESS_CASING: snake, camel or both;
   * default snake, `in_progress`, as the official UI's tests read it): consoles can be tested against either casing.
   */
  inProgressCasing?: InProgressCasing;
  /**
   * Current servers' LLM chat naming (env PLATFORM_CHAT_NAMING=true). Off by default, as real servers ship it.
   */
  contextualNaming?: boolean;
  /**
   * Where each API request's log line goes (method, path, request id, trace and span ids), as a traced server writes
   * one. `npm run platform` prints them; unset, nothing is written.
   */
  requestLog?: (line: string) => void;
}

export const defaultMaxUploadBytes = 104_857_600;
export const defaultSilentToolMs = 5000;

export const defaultConsoleOrigins = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];

function numberFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`Invalid number in environment: ${value}`);
  return parsed;
}

function flagFromEnv(value: string | undefined, name: string): boolean {
  const flag = value?.trim().toLowerCase();
  if (flag === undefined || flag === '' || flag === 'false' || flag === '0') return false;
  if (flag === 'true' || flag === '1') return true;
  throw new Error(`Invalid ${name}: ${value} (expected true or false)`);
}

/** An on/off switch that is on unless set to off. */
function switchFromEnv(value: string | undefined, name: string): boolean {
  const flag = value?.trim().toLowerCase();
  if (flag === undefined || flag === '' || flag === 'on' || flag === 'true' || flag === '1') return true;
  if (flag === 'off' || flag === 'false' || flag === '0') return false;
  throw new Error(`Invalid ${name}: ${value} (expected on or off)`);
}

function generationFromEnv(value: string | undefined): ServerGeneration {
  const generation = value?.trim().toLowerCase();
  if (generation === undefined || generation === '' || generation === 'current') return 'current';
  if (generation === '2.42') return '2.42';
  throw new Error(`Invalid PLATFORM_SERVER: ${value} (expected current or 2.42)`);
}

function casingFromEnv(value: string | undefined): InProgressCasing {
  const casing = value?.trim().toLowerCase();
  if (casing === undefined || casing === '' || casing === 'snake') return 'snake';
  if (casing === 'camel' || casing === 'both') return casing;
  throw new Error(`Invalid PLATFORM_IN_PROGRESS_CASING: ${value} (expected snake, camel or both)`);
}

function wireFromEnv(value: string | undefined): StreamWire | undefined {
  const wire = value?.trim().toLowerCase();
  if (wire === undefined || wire === '') return undefined;
  if (wire === 'sse' || wire === 'ndjson') return wire;
  throw new Error(`Invalid PLATFORM_STREAM_WIRE: ${value} (expected sse or ndjson)`);
}

export function optionsFromEnv(env: NodeJS.ProcessEnv): PlatformOptions {
  const origins = env['CONSOLE_ORIGINS']
    ?.split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  const host = env['PLATFORM_HOST']?.trim();
  const publicOrigin = env['PLATFORM_PUBLIC_ORIGIN']?.trim().replace(/\/+$/, '');
  const streamWire = wireFromEnv(env['PLATFORM_STREAM_WIRE']);
  return {
    port: numberFromEnv(env['PLATFORM_PORT'], 8080),
    ...(host ? { host } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
    ...(streamWire ? { streamWire } : {}),
    consoleOrigins: origins && origins.length > 0 ? origins : defaultConsoleOrigins,
    accessTokenTtl: numberFromEnv(env['PLATFORM_ACCESS_TOKEN_TTL'], 600),
    streamDelayMs: numberFromEnv(env['PLATFORM_STREAM_DELAY_MS'], 30),
    mcpPort: numberFromEnv(env['MCP_PORT'], 8090),
    forwardAlways: flagFromEnv(env['PLATFORM_FORWARD_ALWAYS'], 'PLATFORM_FORWARD_ALWAYS'),
    maxUploadBytes: numberFromEnv(env['PLATFORM_MAX_UPLOAD_BYTES'], defaultMaxUploadBytes),
    silentToolMs: numberFromEnv(env['PLATFORM_SILENT_TOOL_MS'], defaultSilentToolMs),
    conversations: switchFromEnv(env['PLATFORM_CONVERSATIONS'], 'PLATFORM_CONVERSATIONS'),
    server: generationFromEnv(env['PLATFORM_SERVER']),
    inProgressCasing: casingFromEnv(env['PLATFORM_IN_PROGRESS_CASING']),
    contextualNaming: flagFromEnv(env['PLATFORM_CHAT_NAMING'], 'PLATFORM_CHAT_NAMING'),
  };
}
