// The Assistant & Workflow API under /code-assistant-api/v1: CORS, routing, bearer auth, error bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiServicePath } from '../wire';
import type { StreamWire } from '../stream-writer';
import { sendHtml, sendJson } from '../http-util';
import { callAssistant } from './assistant-call';
import type { Authenticate, Principal } from './auth';
import { getAssistant, getWorkflow, listAssistants, listLlmModels, listWorkflows } from './catalog';
import { applyCors } from './cors';
import { ApiError, sendApiError, sendMethodNotAllowed, sendRouteNotFound, sendUnexpectedError } from './errors';
import { ExecutionStore } from './workflow-executions';
import { workflowExecutionRoutes } from './workflow-routes';
import { createPostCounter } from './post-counter';
import { signInProxyPage, signInProxyPath } from '../assistants/fault-matrix';

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export const apiPrefix = `${apiServicePath}/v1`;

export interface ApiOptions {
  consoleOrigins: readonly string[];
  authenticate: Authenticate;
  streamDelayMs: number;
  streamWire?: StreamWire | undefined;
  mcpUrl: string;
  forwardAlways: boolean;
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
  handle: (ctx: { req: IncomingMessage; res: ServerResponse; principal: Principal; params: string[]; query: URLSearchParams }) => Promise<void> | void;
}

export function createApi(options: ApiOptions) {
  const executions = new ExecutionStore({ unitMs: options.streamDelayMs, mcpUrl: options.mcpUrl });
  const inFlight = { count: 0 };
  const posts = createPostCounter();
  const json = (body: unknown) => ({ res }: { res: ServerResponse }) => sendJson(res, 200, body);
  const routes: Route[] = [
    { method: 'GET', pattern: /^\/assistants$/, handle: ({ res, query }) => json(listAssistants(query))({ res }) },
    { method: 'GET', pattern: /^\/assistants\/id\/([^/]+)$/, handle: ({ res, params }) => json(getAssistant(params[0] ?? ''))({ res }) },
    {
      method: 'POST',
      pattern: /^\/assistants\/([^/]+)\/(?:model|chat)$/,
      handle: ({ req, res, principal, params }) =>
        callAssistant({ req, res, principal, assistantId: params[0] ?? '', streamDelayMs: options.streamDelayMs, streamWire: options.streamWire, mcpUrl: options.mcpUrl, forwardAlways: options.forwardAlways, inFlight, posts }),
    },
    { method: 'GET', pattern: /^\/llm_models$/, handle: ({ res }) => json(listLlmModels())({ res }) },
    { method: 'GET', pattern: /^\/workflows$/, handle: ({ res, query }) => json(listWorkflows(query))({ res }) },
    // Streamed runs use the deployed wire (NDJSON) unless the platform forces one.
    ...workflowExecutionRoutes(executions, options.streamWire ?? 'ndjson'),
    { method: 'GET', pattern: /^\/workflows\/id\/([^/]+)$/, handle: ({ res, params }) => json(getWorkflow(params[0] ?? ''))({ res }) },
    {
      method: 'GET',
      pattern: /^\/user$/,
      handle: ({ res, principal }) =>
        sendJson(res, 200, { user_id: principal.userId, name: principal.name, username: principal.username, email: principal.email, is_admin: false }),
    },
  ];

  /** Handles a request whose path starts with the API service path. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      if (applyCors(req, res, options.consoleOrigins)) return;
      // The Fault Injector's "login redirect" lands here: a sign-in proxy's page on the API's origin.
      if (url.pathname === `${apiServicePath}${signInProxyPath}`) return sendHtml(res, 200, signInProxyPage);
      const path = url.pathname.startsWith(`${apiPrefix}/`) ? url.pathname.slice(apiPrefix.length) : null;
      const matching = path === null ? [] : routes.filter((route) => route.pattern.test(path));
      if (path === null || matching.length === 0) {
        sendRouteNotFound(res);
        return;
      }
      const route = matching.find((candidate) => candidate.method === req.method);
      if (!route) {
        sendMethodNotAllowed(res, [...new Set(matching.map((candidate) => candidate.method))]);
        return;
      }
      const principal = await options.authenticate(req);
      const params = (route.pattern.exec(path)?.slice(1) ?? []).map(safeDecode);
      await route.handle({ req, res, principal, params, query: url.searchParams });
    } catch (error) {
      if (error instanceof ApiError && !res.headersSent) sendApiError(res, error);
      else sendUnexpectedError(res, error);
    }
  }

  return { handle, executions, inFlight, posts };
}
