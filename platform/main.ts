// `npm run platform`: starts the local platform and prints its URLs and demo credentials.
import { optionsFromEnv } from './config';
import { consoleClientId, sdkClientId, serviceAccountClientId, serviceAccountSecret } from './idp/clients';
import { startPlatform } from './server';
import { requestLogSink } from './request-log-sink';

const requestLog = requestLogSink(process.env.PLATFORM_REQUEST_LOG);
const options = { ...optionsFromEnv(process.env), ...(requestLog ? { requestLog } : {}) };
const platform = await startPlatform(options);

console.log(`Local platform listening on ${platform.origin}
  OIDC issuer:     ${platform.issuer}
  Discovery:       ${platform.issuer}/.well-known/openid-configuration
  Token endpoint:  ${platform.issuer}/protocol/openid-connect/token
  API base URL:    ${platform.apiBaseUrl}   (endpoints under /v1)
  MCP tools:       ${platform.mcpUrl}   (echo_headers, tenant_records, whoami, leaky_echo; X-* forwarded ${options.forwardAlways ? 'on every assistant call' : 'with propagate_headers: true'})
  Console origins: ${options.consoleOrigins.join(', ')}
  Server:          ${options.server === '2.42' ? '2.42 (interactive_request, no tool policies, answers end with the client)' : 'current (tool-call approval, A2UI forms, background generation)'}
  Stream wire:     ${options.streamWire ?? 'per assistant (sse or ndjson)'}, ${options.streamDelayMs} ms per token
  Clients:         ${consoleClientId} (auth code + PKCE), ${sdkClientId} (password grant),
                   ${serviceAccountClientId} / ${serviceAccountSecret} (client credentials, local only)
  Users:           analyst / analyst, viewer / viewer, reviewer / reviewer
  Request log:     ${process.env.PLATFORM_REQUEST_LOG?.trim() || 'off'} (PLATFORM_REQUEST_LOG: stdout or a file; request id, trace id, span ids)`);

const shutdown = (): void => {
  void platform.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
