// The route shape the API router serves; conversation routes are declared in the same form.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../api/auth';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  principal: Principal;
  params: string[];
  query: URLSearchParams;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
  handle: (ctx: RouteContext) => Promise<void> | void;
}
