// The routes of workflow executions under /v1/workflows/{wid}/executions, as real servers serve them
// (DEPLOYED-API.md §4, §5). Handlers only translate HTTP; the behaviour lives in ExecutionStore.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http-util';
import type { StreamWire } from '../../stream-writer';
import type { Principal } from '../auth';
import type { ExecutionStore } from './workflow-executions';
import { flagParam, optionalObject, pageParams, readOptionalJson } from './workflow-requests';
import { resumeWorkflowRun, startWorkflowRun } from './workflow-stream';

export interface WorkflowRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
  handle: (ctx: {
    req: IncomingMessage;
    res: ServerResponse;
    principal: Principal;
    params: string[];
    query: URLSearchParams;
  }) => Promise<void> | void;
}

const executionPath = (rest = '') => new RegExp(`^/workflows/([^/]+)/executions/([^/]+)${rest}$`);

export function workflowExecutionRoutes(executions: ExecutionStore, wire: StreamWire): WorkflowRoute[] {
  const ok = (res: ServerResponse, body: unknown) => sendJson(res, 200, body);
  return [
    {
      method: 'POST',
      pattern: /^\/workflows\/([^/]+)\/executions$/,
      handle: ({ req, res, principal, params }) =>
        startWorkflowRun(executions, { req, res, principal, workflowId: params[0] ?? '', wire }),
    },
    {
      method: 'GET',
      pattern: /^\/workflows\/([^/]+)\/executions$/,
      handle: ({ res, principal, params, query }) =>
        ok(res, executions.list(principal, params[0] ?? '', pageParams(query))),
    },
    {
      method: 'GET',
      pattern: executionPath(),
      handle: ({ res, principal, params }) => ok(res, executions.get(principal, params[1] ?? '')),
    },
    {
      method: 'DELETE',
      pattern: executionPath(),
      handle: ({ res, principal, params }) => {
        executions.delete(principal, params[1] ?? '');
        ok(res, { message: 'Execution removed' });
      },
    },
    {
      method: 'GET',
      pattern: executionPath('/states'),
      handle: ({ res, principal, params, query }) =>
        ok(res, executions.states(principal, params[1] ?? '', pageParams(query))),
    },
    {
      method: 'GET',
      pattern: executionPath('/states/([^/]+)/output'),
      handle: ({ res, principal, params }) => ok(res, executions.output(principal, params[1] ?? '', params[2] ?? '')),
    },
    {
      method: 'PUT',
      pattern: executionPath('/abort'),
      handle: ({ res, principal, params }) => {
        executions.abort(principal, params[1] ?? '');
        ok(res, { message: 'Workflow execution has been aborted' });
      },
    },
    {
      method: 'PUT',
      pattern: executionPath('/resume'),
      handle: ({ req, res, principal, params, query }) =>
        resumeWorkflowRun(executions, {
          req,
          res,
          principal,
          workflowId: params[0] ?? '',
          executionId: params[1] ?? '',
          query,
          wire,
        }),
    },
    {
      method: 'PUT',
      pattern: executionPath('/output'),
      handle: async ({ req, res, principal, params }) => {
        executions.editOutput(principal, params[1] ?? '', optionalObject(await readOptionalJson(req)));
        ok(res, { message: 'Workflow execution output has been edited successfully' });
      },
    },
    {
      method: 'POST',
      pattern: executionPath('/thoughts'),
      handle: async ({ req, res, principal, params }) =>
        ok(res, executions.thoughts(principal, params[1] ?? '', await readOptionalJson(req))),
    },
    {
      method: 'GET',
      pattern: /^\/workflows\/([^/]+)\/executions\/([^/]+)\/export$/,
      handle: ({ res, principal, params, query }) => {
        const format = query.get('output_format') === 'html' ? 'html' : 'md';
        const { zip, fileName } = executions.export(
          principal,
          params[0] ?? '',
          params[1] ?? '',
          format,
          flagParam(query, 'combined', false),
        );
        res.statusCode = 200;
        res.setHeader('Content-Type', 'application/zip');
        res.setHeader('Content-Disposition', `attachment; filename=${fileName}`);
        res.setHeader('Content-Length', zip.length);
        res.end(zip);
      },
    },
  ];
}
