import { describe, expect, it } from 'vitest';
import { ApiError, isRouteMissing, readErrorBody } from './api-error';
import { describeError } from './describe-error';

const http = (
  status: number,
  body: unknown = undefined,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) => new ApiError({ kind: 'http', status, ...readErrorBody(body), requestId: 'req-1', ...extra });

describe('describeError', () => {
  it('400 asks to check the input and shows the server message and details', () => {
    const description = describeError(
      http(400, { error: { message: 'Field text is required', details: 'text: missing', help: null } }),
    );
    expect(description).toEqual({
      title: 'The request was rejected',
      explanation: 'The server found the request invalid. Check what you entered.',
      serverMessage: 'Field text is required',
      details: 'text: missing',
      requestId: 'req-1',
      action: 'edit',
    });
  });

  it('409 "Conversation is finished" says so, keeps the question and offers a new chat, never a retry', () => {
    const description = describeError(
      http(409, {
        error: {
          message: 'Conversation is finished',
          details: 'It was finished at 2026-11-29T10:00:00.000000.',
          help: 'Start a new conversation to continue.',
        },
      }),
    );
    expect(description.title).toBe('This conversation is finished');
    expect(description.explanation).toMatch(/nothing was sent\. Your question is kept/);
    expect(description.action).toBe('new-chat');
    expect(description.serverMessage).toBe('Conversation is finished. Start a new conversation to continue.');
    // Any other 409 is not taken for it.
    expect(describeError(http(409, { error: { message: 'Conflict' } })).action).toBe('retry');
  });

  it("a project's model allow-list (400 not allowed, 500 no default) keeps the server's words and offers another model", () => {
    const refused = describeError(
      http(400, {
        error: {
          message: "Model 'gpt-4.1' is not allowed in this project",
          details: 'This project allows: claude-sonnet-4.',
          help: 'Choose one of the allowed models.',
        },
      }),
    );
    expect(refused).toMatchObject({
      title: 'The server would not use this model',
      action: 'pick-model',
      serverMessage: "Model 'gpt-4.1' is not allowed in this project. Choose one of the allowed models.",
      details: 'This project allows: claude-sonnet-4.',
    });
    const noDefault = describeError(
      http(500, { error: { message: 'No default model is available for this project' } }),
    );
    expect(noDefault).toMatchObject({ title: 'The server has no model to answer with', action: 'pick-model' });
    // Other 400s and 500s stay what they were.
    expect(describeError(http(400, { error: { message: 'text: field required' } })).action).toBe('edit');
    expect(describeError(http(500, { error: { message: 'Model crashed' } })).action).toBe('retry');
  });

  it('401 "Authentication failed" offers to sign in again', () => {
    const description = describeError(
      http(401, { error: { message: 'Authentication failed', details: 'Access token expired' } }),
    );
    expect(description.title).toBe('Not authorized');
    expect(description.action).toBe('sign-in');
    expect(description.serverMessage).toBe('Authentication failed');
  });

  it('401 "Access denied" is a missing permission, never "Sign in again"', () => {
    const description = describeError(
      http(401, { error: { message: 'Access denied', details: 'No access to assistant', help: null } }),
    );
    expect(description.title).toBe('Permission denied');
    expect(description.action).toBe('pick-assistant');
    expect(description.explanation).toContain('Pick another assistant');
    expect(description.serverMessage).toBe('Access denied');
    const workflow = describeError(http(401, { error: { message: 'Access denied' } }), 'workflow');
    expect(workflow.action).toBe('none');
    expect(workflow.explanation).toContain('Ask an administrator');
    // The server's words and its help read as sentences, not run together.
    const helped = describeError(http(401, { error: { message: 'Access denied', help: 'Ask an administrator.' } }));
    expect(helped.serverMessage).toBe('Access denied. Ask an administrator.');
  });

  it('a 500 with a stack trace in its message shows the first words and keeps the trace in the details', () => {
    const message = 'Internal Server Error. <br> Stacktrace: Traceback (most recent call last):<br>  KeyError: x';
    const description = describeError(
      http(500, {
        error: {
          message,
          details: 'An unexpected error occurred while processing the request.',
          help: 'Please try again later.',
        },
      }),
    );
    expect(description.serverMessage).toBe('Internal Server Error. Please try again later.');
    expect(description.details).toBe(
      'An unexpected error occurred while processing the request.\nStacktrace: Traceback (most recent call last):\n  KeyError: x',
    );
  });

  it('403 says permission is missing and offers another assistant', () => {
    const description = describeError(
      http(403, { error: { message: "You do not have permission to use the assistant 'Finance Auditor'." } }),
    );
    expect(description.title).toBe('Permission denied');
    expect(description.action).toBe('pick-assistant');
    expect(description.serverMessage).toContain('Finance Auditor');
  });

  it('a deleted execution is told apart from a server without follow-up routes', () => {
    const deleted = http(404, { error: { message: 'Execution Not Found', details: null, help: null } });
    expect(isRouteMissing(deleted)).toBe(false);
    expect(describeError(deleted, 'workflow').title).toBe('This run no longer exists on the server');
    expect(isRouteMissing(http(404, { detail: 'Not Found' }))).toBe(true);
    expect(isRouteMissing(http(405, { detail: 'Method Not Allowed' }))).toBe(true);
    expect(isRouteMissing(new ApiError({ kind: 'not-api', status: 404 }))).toBe(true);
    expect(isRouteMissing(http(500))).toBe(false);
  });

  it('404 names what was not found, per subject', () => {
    expect(describeError(http(404, { detail: 'Not Found' })).title).toBe('Assistant not found');
    expect(describeError(http(404), 'workflow').title).toBe('Workflow not found');
  });

  it('422 lists FastAPI-style validation details by field', () => {
    const description = describeError(
      http(422, { detail: [{ loc: ['body', 'llmModel'], msg: 'unknown model', type: 'value_error' }] }),
    );
    expect(description.title).toBe('The request could not be processed');
    expect(description.details).toBe('llmModel: unknown model');
  });

  it('429 says how long to wait when the server says so', () => {
    expect(describeError(http(429, undefined, { retryAfterSeconds: 30 })).explanation).toContain('Wait 30 s');
  });

  it('500 keeps the text and offers a retry, with the help line', () => {
    const description = describeError(
      http(500, { error: { message: 'The assistant failed.', details: 'timeout', help: 'Try again later.' } }),
    );
    expect(description.title).toBe('Server error (HTTP 500)');
    expect(description.action).toBe('retry');
    expect(description.serverMessage).toBe('The assistant failed. Try again later.');
    expect(description.explanation).toContain('Your text is kept');
  });

  it('a network failure names the URL', () => {
    const description = describeError(
      new ApiError({ kind: 'network', url: 'http://localhost:8080/code-assistant-api/v1/x' }),
    );
    expect(description.title).toBe('Could not reach the API');
    expect(description.explanation).toContain('http://localhost:8080/code-assistant-api/v1/x');
  });

  it('an HTML page from a proxy is called out as such', () => {
    const description = describeError(new ApiError({ kind: 'not-json', status: 502, contentType: 'text/html' }));
    expect(description.title).toBe('Unexpected page instead of an API answer (HTTP 502)');
    expect(description.explanation).toContain('text/html');
  });

  it('reads the tool-server login body, whose error is a string, and does not send the user to sign in', () => {
    expect(readErrorBody({ error: 'authentication_required', servers: ['jira'] })).toEqual({
      code: 'authentication_required',
      message: 'authentication required',
      details: { servers: ['jira'] },
    });
    const description = describeError(http(401, { error: 'authentication_required', servers: ['jira', 'confluence'] }));
    expect(description.title).toBe('A tool server needs you to sign in');
    expect(description.explanation).toContain('(jira, confluence)');
    expect(description.action).toBe('retry');
  });

  it('an error sent inside the stream is called that, with the server’s words and a retry', () => {
    const description = describeError(
      new ApiError({ kind: 'stream', message: 'Access token expired', requestId: 'req-9' }),
    );
    expect(description).toMatchObject({
      title: 'The server reported an error during the answer',
      serverMessage: 'Access token expired',
      requestId: 'req-9',
      action: 'retry',
    });
  });

  it('an address that is not the API is named, with what it answered and what to check', () => {
    const description = describeError(
      new ApiError({
        kind: 'not-api',
        status: 200,
        contentType: 'text/html; charset=utf-8',
        url: 'http://localhost:4173/v1/assistants?page=0',
        redirected: true,
      }),
      'catalog',
    );
    expect(description.title).toBe('This address does not look like the API: http://localhost:4173/v1/assistants');
    expect(description.explanation).toContain('text/html (HTTP 200) after a redirect');
    expect(description.explanation).toContain('apiBaseUrl in config.json');
    expect(description.action).toBe('none');
  });

  it('carries the moment a retry may go, from Retry-After', () => {
    expect(describeError(http(429, undefined, { retryAfterSeconds: 5, retryAt: 1_000_000 })).retryAt).toBe(1_000_000);
    expect(describeError(http(429)).retryAt).toBeUndefined();
  });
});
