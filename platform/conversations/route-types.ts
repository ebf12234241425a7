// The route shape the API router serves; conversation routes are declared in the same form.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../api/auth';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The signed-in caller; routes marked `public` get none. */
  principal: Principal;
  params: string[];
  query: URLSearchParams;
}

export type ApiRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
} & (
  | { public?: false; handle: (ctx: RouteContext) => Promise<void> | void }
  | { public: true; handle: (ctx: Omit<RouteContext, 'principal'>) => Promise<void> | void }
);
