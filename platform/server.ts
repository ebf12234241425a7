// Starts the local platform: one node:http server with the identity provider and the API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiServicePath } from './wire';
import { createAuthenticator } from './api/auth';
import { createApi, apiPrefix } from './api/router';
import { defaultMaxUploadBytes, defaultSilentToolMs, type PlatformOptions } from './config';
import { page } from './html';
import { sendHtml, sendJson } from './http-util';
import { handleInteraction } from './idp/interactions';
import { generateSigningKeys } from './idp/keys';
import { createProvider, realmPath } from './idp/provider';
import { apiResourceServer } from './idp/resource';
import { SignInLimiter } from './idp/sign-in-limiter';
import { startMcpServer } from './mcp/server';
import { finishConversation } from './conversations/finished';

export interface RunningPlatform {
  origin: string;
  issuer: string;
  apiBaseUrl: string;
  /** The MCP tool server the API's assistants and workflows call. */
  mcpUrl: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function bind(handler: Handler, options: PlatformOptions): Promise<{ servers: Server[]; port: number }> {
  const primary = createServer(handler);
  const port = await listen(primary, options.port, options.host ?? '127.0.0.1');
  if (options.host) return { servers: [primary], port };
  // Also bind IPv6 loopback on the same port: browsers may resolve `localhost` to ::1 first.
  const secondary = createServer(handler);
  try {
    await listen(secondary, port, '::1');
    return { servers: [primary, secondary], port };
  } catch {
    return { servers: [primary], port };
  }
}

/**
 * The identity provider builds its issuer-relative URLs (discovery, redirects, form actions) from the request's
 * host and protocol. Overwriting them with the configured public origin means a client-chosen `Host` or
 * `X-Forwarded-*` header can never put another host into the discovery document or a redirect.
 */
function pinToPublicOrigin(req: IncomingMessage, publicOrigin: URL): IncomingMessage {
  req.headers.host = publicOrigin.host;
  req.headers['x-forwarded-host'] = publicOrigin.host;
  req.headers['x-forwarded-proto'] = publicOrigin.protocol.replace(/:$/, '');
  delete req.headers['forwarded'];
  return req;
}

function withoutPrefix(req: IncomingMessage, prefix: string): IncomingMessage {
  const original = req.url ?? '/';
  Object.assign(req, { originalUrl: original, url: original.slice(prefix.length) || '/' });
  return req;
}

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  let app: Handler = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const mcp = await startMcpServer(options.mcpPort ?? 0, options.host ?? '127.0.0.1');
  const { servers, port } = await bind((req, res) => app(req, res), options).catch(async (error: unknown) => {
    await mcp.close();
    throw error;
  });
  const origin = options.publicOrigin ?? `http://localhost:${port}`;
  const issuer = `${origin}${realmPath}`;
  const keys = await generateSigningKeys();
  const resource = apiResourceServer(origin, options.accessTokenTtl, apiServicePath);
  const signInLimiter = new SignInLimiter();
  const provider = createProvider({
    origin,
    consoleOrigins: options.consoleOrigins,
    accessTokenTtl: options.accessTokenTtl,
    keys,
    resource,
    signInLimiter,
  });
  const publicUrl = new URL(origin);
  const oidc = provider.callback();
  const api = createApi({
    consoleOrigins: options.consoleOrigins,
    authenticate: createAuthenticator(keys.publicJwks, issuer, resource.indicator),
    streamDelayMs: options.streamDelayMs,
    streamWire: options.streamWire,
    mcpUrl: mcp.url,
    forwardAlways: options.forwardAlways ?? false,
    maxUploadBytes: options.maxUploadBytes ?? defaultMaxUploadBytes,
    silentToolMs: options.silentToolMs ?? defaultSilentToolMs,
    conversations: options.conversations ?? true,
    server: options.server ?? 'current',
    inProgressCasing: options.inProgressCasing,
    contextualNaming: options.contextualNaming,
    requestLog: options.requestLog,
  });

  app = (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (path === apiServicePath || path.startsWith(`${apiServicePath}/`)) {
      void api.handle(req, res, url);
    } else if (path.startsWith(`${realmPath}/interaction/`)) {
      handleInteraction(provider, signInLimiter, pinToPublicOrigin(req, publicUrl), res, path)
        .then((handled) => {
          if (!handled) sendJson(res, 404, { detail: 'Not Found' });
        })
        .catch((error: unknown) => {
          if (res.headersSent) return res.destroy();
          const message = error instanceof Error ? error.message : 'unknown error';
          sendHtml(
            res,
            400,
            page(
              'Sign-in error',
              `<h1>Sign-in could not continue</h1><p role="alert">Your sign-in session expired or is invalid. Go back to the application and sign in again.</p><p><small>${message.replace(/[<>&"']/g, '')}</small></p>`,
            ),
          );
        });
    } else if (path === realmPath || path.startsWith(`${realmPath}/`)) {
      void oidc(withoutPrefix(pinToPublicOrigin(req, publicUrl), realmPath), res);
    } else if (path === '/__test/posts') {
      api.posts.send(res, url.searchParams);
    } else if (path === '/__test/finish-before-stream' && req.method === 'POST') {
      // The "finished between GET conversation and GET stream" race: the next /stream of that conversation answers
      // empty while the stored turn may still say in progress (CURRENT-SERVERS.md §2.3).
      const conversation = url.searchParams.get('conversation');
      if (!conversation) sendJson(res, 400, { detail: 'conversation is required' });
      else {
        api.generations.hideNextStream(conversation);
        sendJson(res, 200, { conversation, next_stream: 'empty' });
      }
    } else if (path === '/__test/finish-conversation' && req.method === 'POST') {
      // An admin or a scheduled job finishing a chat mid-session (current servers, CURRENT-SERVERS.md §7).
      const conversation = api.conversations.find(url.searchParams.get('conversation') ?? '');
      if (!conversation) sendJson(res, 404, { detail: 'a known conversation is required' });
      else sendJson(res, 200, { conversation: conversation.id, finished: finishConversation(conversation) });
    } else if (path === '/__test/model-allow-list' && req.method === 'POST') {
      // A project that allows only some models, for one conversation's calls (current servers):
      // ?conversation=<id>&models=<a,b>|off (an empty list allows none).
      const conversation = url.searchParams.get('conversation');
      const models = url.searchParams.get('models');
      if (!conversation || models === null) sendJson(res, 400, { detail: 'a conversation and models are required' });
      else {
        const list = models === 'off' ? null : models.split(',').filter(Boolean);
        api.modelAllowList.set(conversation, list);
        sendJson(res, 200, { conversation, models: list });
      }
    } else if (path === '/__test/cut-stream' && req.method === 'POST') {
      // The network under a running answer goes away: its client's connection is dropped, the run goes on
      // (current servers; the console picks it up with /stream when it is back).
      const generation = api.generations.running(url.searchParams.get('conversation') ?? '');
      if (!generation) sendJson(res, 404, { detail: 'no answer is running in that conversation' });
      else {
        generation.cutClient();
        sendJson(res, 200, { cut: true });
      }
    } else if (path === '/__test/in-progress-casing' && req.method === 'POST') {
      // How one conversation spells the in-progress flag from now on (snake, camel or both), whatever the setting.
      const conversation = api.conversations.find(url.searchParams.get('conversation') ?? '');
      const casing = url.searchParams.get('casing');
      if (!conversation || (casing !== 'snake' && casing !== 'camel' && casing !== 'both'))
        sendJson(res, 400, { detail: 'a known conversation and casing=snake|camel|both are required' });
      else {
        conversation.inProgressCasing = casing;
        sendJson(res, 200, { conversation: conversation.id, casing });
      }
    } else if (path === '/__test/refusal' && req.method === 'POST') {
      // In-band refusals (budget, token limit, rate limit) for one conversation's (or one person's) assistant calls,
      // so one test sees them without refusing anyone else's:
      // ?conversation=<id>|user=<username>&code=budget_exceeded|token_limit_exceeded|…|off.
      const conversation = url.searchParams.get('conversation');
      const user = url.searchParams.get('user');
      const code = url.searchParams.get('code');
      if ((!conversation && !user) || !code)
        sendJson(res, 400, { detail: 'a conversation or user, and a code, are required' });
      else {
        api.refusals.set(conversation ? { conversation } : { user: user ?? '' }, code === 'off' ? null : code);
        sendJson(res, 200, { conversation, user, execution_error: code === 'off' ? null : code });
      }
    } else if (path === '/__test/chat-naming' && req.method === 'POST') {
      // Contextual naming for one person's chats (current servers only), so one test sees it without renaming
      // every other test's chats: ?user=<username>&on=true|false[&delay_ms=<n>][&first=cut] (the LLM's name after
      // delay_ms; first=cut names the chat with its question cut to 50 characters at once, as the official UI does).
      const user = url.searchParams.get('user');
      if (!user || !api.naming) sendJson(res, 400, { detail: 'user is required, on a current server' });
      else {
        const delay = Number(url.searchParams.get('delay_ms') ?? Number.NaN);
        api.naming.nameFor(user, url.searchParams.get('on') !== 'false', {
          ...(Number.isFinite(delay) && delay >= 0 ? { delayMs: delay } : {}),
          cutFirst: url.searchParams.get('first') === 'cut',
        });
        sendJson(res, 200, { user, naming: url.searchParams.get('on') !== 'false' });
      }
    } else if (path === '/' || path === '/healthz') {
      sendJson(res, 200, {
        status: 'ok',
        issuer,
        api: `${origin}${apiPrefix}`,
        answers_in_progress: api.inFlight.count,
      });
    } else {
      sendJson(res, 404, { detail: 'Not Found' });
    }
  };

  return {
    origin,
    issuer,
    apiBaseUrl: `${origin}${apiServicePath}`,
    mcpUrl: mcp.url,
    close: async () => {
      api.executions.close();
      api.close();
      await mcp.close();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}
