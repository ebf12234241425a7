// The Assistant & Workflow API under /code-assistant-api/v1: CORS, routing, bearer auth, error bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiServicePath } from '../wire';
import type { StreamWire } from '../stream-writer';
import { sendHtml, sendJson } from '../http-util';
import { callAssistant, type CallContext } from './assistant-call';
import { resumeToolCall } from '../approval/resume-route';
import type { Authenticate, Principal } from './auth';
import { getAssistant, getWorkflow, listAssistants, listLlmModels, listWorkflows } from './catalog';
import { applyCors } from './cors';
import { requestIdOf } from './request-id';
import { traceOf } from './trace-context';
import { ApiError, sendApiError, sendMethodNotAllowed, sendRouteNotFound, sendUnexpectedError } from './errors';
import { ExecutionStore } from './workflows/workflow-executions';
import { workflowExecutionRoutes } from './workflows/workflow-routes';
import { createPostCounter } from './post-counter';
import { signInProxyPage, signInProxyPath } from '../assistants/faults/fault-matrix';
import { FileStore } from '../files/store';
import { download, uploadBulk, uploadOne } from '../files/routes';
import type { InProgressCasing, ServerGeneration } from '../generation';
import { ConversationStore } from '../conversations/store';
import { conversationRoutes } from '../conversations/conversation-routes';
import { historyRoutes } from '../conversations/history-routes';
import { feedbackRoutes } from '../conversations/feedback-routes';
import type { ApiRoute, RouteContext } from '../conversations/route-types';
import { serveA2uiMedia } from '../assistants/asking/a2ui-media';
import { GenerationRegistry } from '../background/registry';
import { ChatNamer } from '../background/naming';
import { ModelAllowList } from './faults/model-allow-list';
import { RefusalKnob } from './faults/refusal-knob';
import { backgroundRoutes } from '../background/routes';
import { finishRoutes } from '../conversations/finished';
import { ShareStore } from '../share/share-store';
import { shareRoutes } from '../share/share-routes';
import { checkFileAccess } from '../share/file-access';
import { exportRoutes } from '../share/export-routes';

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export const apiPrefix = `${apiServicePath}/v1`;

/** A request's log line: what a traced server writes, so a call is found by its request id or its trace id. */
function requestLine(req: IncomingMessage, url: URL): string {
  const trace = traceOf(req);
  return [
    `[platform] ${req.method ?? 'GET'} ${url.pathname}`,
    `request_id=${requestIdOf(req)}`,
    `trace_id=${trace.traceId}`,
    `span_id=${trace.spanId}`,
    `parent_span_id=${trace.parentSpanId ?? '-'}`,
  ].join(' ');
}

/** Starlette's answer to a path that differs from a route by its trailing slash: 307, so the method and body are kept. */
function redirectTo(res: ServerResponse, url: URL, path: string): void {
  const target = new URL(url);
  target.pathname = path;
  res.statusCode = 307;
  res.setHeader('Location', target.toString());
  res.setHeader('Content-Length', 0);
  res.end();
}

export interface ApiOptions {
  consoleOrigins: readonly string[];
  authenticate: Authenticate;
  streamDelayMs: number;
  streamWire?: StreamWire | undefined;
  mcpUrl: string;
  forwardAlways: boolean;
  /** Largest uploaded file in bytes (PLATFORM_MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  /** How long the Slow Tool's tool works in silence by default, in ms (PLATFORM_SILENT_TOOL_MS). */
  silentToolMs: number;
  /** Serves the conversations endpoints; off, they answer 404 like a deployment without them (PLATFORM_CONVERSATIONS). */
  conversations?: boolean;
  /** Which generation of server to behave like (PLATFORM_SERVER). */
  server: ServerGeneration;
  /** How history items spell the in-progress flag (PLATFORM_IN_PROGRESS_CASING; default snake). */
  inProgressCasing?: InProgressCasing | undefined;
  /** Current servers: LLM chat naming after a new conversation's first turn (PLATFORM_CHAT_NAMING; default off, as real servers ship it). */
  contextualNaming?: boolean | undefined;
  /** Each API request's log line: its request id and trace context (see PlatformOptions.requestLog). */
  requestLog?: ((line: string) => void) | undefined;
}

type Route = ApiRoute;
type CallRoute = Pick<RouteContext, 'req' | 'res' | 'principal' | 'params'>;

export function createApi(options: ApiOptions) {
  const executions = new ExecutionStore({
    unitMs: options.streamDelayMs,
    mcpUrl: options.mcpUrl,
    server: options.server,
  });
  const inFlight = { count: 0 };
  const posts = createPostCounter();
  const files = new FileStore();
  const upload =
    (handler: typeof uploadOne) =>
    ({ req, res, principal }: { req: IncomingMessage; res: ServerResponse; principal: Principal }) =>
      handler({ req, res, owner: principal.userId, store: files, maxUploadBytes: options.maxUploadBytes });
  const conversations = new ConversationStore(options.server, options.inProgressCasing);
  const shares = new ShareStore();
  const fileAccess = { server: options.server, authenticate: options.authenticate, conversations, shares };
  const generations = new GenerationRegistry();
  const refusals = new RefusalKnob();
  const modelAllowList = new ModelAllowList();
  const naming =
    options.server === 'current' ? new ChatNamer(conversations, options.contextualNaming === true) : undefined;
  const callContext = ({ req, res, principal, params }: CallRoute): CallContext => ({
    req,
    res,
    principal,
    assistantId: params[0] ?? '',
    streamDelayMs: options.streamDelayMs,
    streamWire: options.streamWire,
    mcpUrl: options.mcpUrl,
    forwardAlways: options.forwardAlways,
    inFlight,
    posts,
    conversations,
    files,
    silentToolMs: options.silentToolMs,
    server: options.server,
    generations,
    naming,
    refusals,
    modelAllowList,
  });
  const json =
    (body: unknown) =>
    ({ res }: { res: ServerResponse }) =>
      sendJson(res, 200, body);
  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/assistants$/,
      handle: ({ res, query }) => json(listAssistants(query, options.server))({ res }),
    },
    {
      method: 'GET',
      pattern: /^\/assistants\/id\/([^/]+)$/,
      handle: ({ res, params }) => json(getAssistant(params[0] ?? '', options.server))({ res }),
    },
    {
      method: 'POST',
      pattern: /^\/assistants\/([^/]+)\/(?:model|chat)$/,
      handle: (route) => callAssistant(callContext(route)),
    },
    // Current servers only: on 2.42 the path is an unknown route (404 "Not Found").
    ...(options.server === '2.42'
      ? []
      : [
          {
            method: 'POST',
            pattern: /^\/assistants\/([^/]+)\/model\/tool-call\/resume$/,
            handle: (route: CallRoute) => resumeToolCall(callContext(route)),
          } satisfies Route,
        ]),
    // The trailing slash is part of the route on real servers; `/files` is redirected to it.
    { method: 'POST', pattern: /^\/files\/$/, handle: upload(uploadOne) },
    { method: 'POST', pattern: /^\/files\/bulk$/, handle: upload(uploadBulk) },
    {
      method: 'GET',
      pattern: /^\/files\/([^/]+)$/,
      public: true,
      // Public on 2.42 servers; current servers check the caller (its owner, or a share naming the file).
      handle: async ({ req, res, params, query }) => {
        const fileToken = params[0] ?? '';
        if (!fileToken.includes('/')) await checkFileAccess(fileAccess, req, fileToken, query);
        download(res, files, fileToken);
      },
    },
    {
      method: 'GET',
      pattern: /^\/a2ui-media\/([^/]+)$/,
      public: true,
      handle: ({ res, params }) => {
        if (!serveA2uiMedia(res, params[0] ?? '')) sendRouteNotFound(res);
      },
    },
    { method: 'GET', pattern: /^\/llm_models$/, handle: ({ res }) => json(listLlmModels(options.server))({ res }) },
    { method: 'GET', pattern: /^\/workflows$/, handle: ({ res, query }) => json(listWorkflows(query))({ res }) },
    // Streamed runs use the deployed wire (NDJSON) unless the platform forces one.
    ...workflowExecutionRoutes(executions, options.streamWire ?? 'ndjson'),
    {
      method: 'GET',
      pattern: /^\/workflows\/id\/([^/]+)$/,
      handle: ({ res, params }) => json(getWorkflow(params[0] ?? ''))({ res }),
    },
    {
      method: 'GET',
      pattern: /^\/user$/,
      handle: ({ res, principal }) =>
        sendJson(res, 200, {
          user_id: principal.userId,
          name: principal.name,
          username: principal.username,
          email: principal.email,
          is_admin: false,
        }),
    },
    ...(options.conversations === false
      ? []
      : [
          ...conversationRoutes(conversations),
          ...historyRoutes(conversations),
          ...feedbackRoutes(conversations),
          // Current servers only: on 2.42 these paths are unknown routes (404 "Not Found").
          ...(options.server === '2.42' ? [] : backgroundRoutes(conversations, generations)),
          ...(options.server === '2.42' ? [] : finishRoutes(conversations)),
          ...(options.server === '2.42' ? [] : shareRoutes(conversations, shares)),
          ...(options.server === '2.42' ? [] : exportRoutes(conversations)),
        ]),
  ];

  /** Handles a request whose path starts with the API service path. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      if (applyCors(req, res, options.consoleOrigins)) return;
      options.requestLog?.(requestLine(req, url));
      // The Fault Injector's "login redirect" lands here: a sign-in proxy's page on the API's origin.
      if (url.pathname === `${apiServicePath}${signInProxyPath}`) return sendHtml(res, 200, signInProxyPage);
      const path = url.pathname.startsWith(`${apiPrefix}/`) ? url.pathname.slice(apiPrefix.length) : null;
      const matching = path === null ? [] : routes.filter((route) => route.pattern.test(path));
      if (path === null || matching.length === 0) {
        const twin = path === null ? null : path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
        if (twin !== null && routes.some((route) => route.pattern.test(twin)))
          return redirectTo(res, url, `${apiPrefix}${twin}`);
        sendRouteNotFound(res);
        return;
      }
      const route = matching.find((candidate) => candidate.method === req.method);
      if (!route) {
        sendMethodNotAllowed(res, [...new Set(matching.map((candidate) => candidate.method))]);
        return;
      }
      const params = (route.pattern.exec(path)?.slice(1) ?? []).map(safeDecode);
      if (route.public) await route.handle({ req, res, params, query: url.searchParams });
      else
        await route.handle({ req, res, principal: await options.authenticate(req), params, query: url.searchParams });
    } catch (error) {
      if (error instanceof ApiError && !res.headersSent) sendApiError(res, error);
      else sendUnexpectedError(res, error);
    }
  }

  const close = () => {
    generations.close();
    naming?.close();
  };
  return {
    handle,
    executions,
    inFlight,
    posts,
    conversations,
    files,
    generations,
    naming,
    refusals,
    modelAllowList,
    close,
  };
}
