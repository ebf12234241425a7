// A streamed launch as a person sees it: the launcher, the run page while the stream runs, and the
// reconciliation with the follow-up endpoints afterwards. The server is faked at fetch; the rest is real.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyWireChunk, type WireChunk } from '@/domain/wire';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices } from '@/test/render-with-services';
import { LaunchFormView } from '@/features/workflows/launcher/launch-form';
import { RunPage } from './run-page';
import { localStatus } from '@/features/workflows/saved-runs/run';
import { useWorkflowRuntime, type WorkflowRuntime } from '@/features/workflows/runtime/use-workflow-runtime';

const workflow = { id: 'b2000000-0000-4000-8000-000000000001', name: 'Summarize document' };
const executionId = 'e0000000-0000-4000-8000-0000000000aa';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const chunk = (fields: Partial<WireChunk>) =>
  JSON.stringify({ ...emptyWireChunk, workflow_execution_id: executionId, ...fields });
const stateEvent = (
  id: string,
  name: string,
  status: string,
  type = status === 'In Progress' ? 'state_start' : 'state_finish',
) =>
  chunk({
    workflow_state: {
      id,
      name,
      task: 'Cats sleep.',
      status,
      event_type: type,
      started_at: '2026-11-23T08:00:00Z',
      completed_at: null,
    },
  });
const thought = (id: string, name: string, inProgress: boolean, message = '') =>
  chunk({
    thought: {
      id,
      parent_id: null,
      metadata: {},
      in_progress: inProgress,
      input_text: '',
      message,
      author_type: 'WorkflowState',
      author_name: name,
      output_format: 'text',
      children: [],
    },
  });

/** A response body the test writes to as it goes, like a server streaming a run. */
function openBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) });
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

/** The response as fetch gives it: aborting the call errors its body (the reader then ends as aborted). */
function abortable(response: Response, signal: AbortSignal | null | undefined): Response {
  if (!signal || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener('abort', () => {
        controller.error(signal.reason);
        void reader.cancel().catch(() => undefined);
      });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** The fake server: the start call answers as `start` says; follow-up endpoints report `status`. */
function serve(start: () => Response) {
  const server = {
    status: 'In Progress',
    followUp: true,
    posts: [] as unknown[],
    gets: [] as string[],
    signals: [] as AbortSignal[],
  };
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    if (init?.method === 'POST') {
      server.posts.push(JSON.parse(String(init.body)));
      if (init.signal) server.signals.push(init.signal);
      return abortable(start(), init.signal);
    }
    server.gets.push(path);
    if (!server.followUp) return json({ detail: 'Not Found' }, 404);
    if (path.endsWith('/states'))
      return json({
        data: [{ id: 's1', name: 'Read input', status: 'Succeeded', started_at: 'T0', completed_at: 'T1' }],
      });
    if (path.endsWith('/output')) return json({ output: 'Read 11 characters.' });
    if (path.includes('/executions/'))
      return json({ execution_id: executionId, overall_status: server.status, session_id: executionId });
    return json({ detail: 'Not Found' }, 404);
  };
  fakeServer = fetchImpl;
  return server;
}

let fakeServer: typeof fetch | undefined;
/** The signed-in person's services of the test's console. */
let services: ConsoleServices | undefined;

function renderConsole() {
  const captured: { runtime?: WorkflowRuntime } = {};
  const root = createRootRoute({
    component: function Root() {
      captured.runtime = useWorkflowRuntime();
      return <Outlet />;
    },
  });
  const launcher = createRoute({
    getParentRoute: () => root,
    path: '/workflows',
    component: () => <LaunchFormView workflow={workflow} />,
  });
  const runRoute = createRoute({
    getParentRoute: () => root,
    path: '/workflows/runs/$runId',
    component: function RunRoute() {
      return <RunPage runId={runRoute.useParams().runId} traceUrlTemplate={undefined} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([launcher, runRoute]),
    history: createMemoryHistory({ initialEntries: ['/workflows'] }),
  });
  const view = renderWithServices(<RouterProvider router={router} />, fakeServer ? { fetch: fakeServer } : {});
  services = view.services;
  return { router, services: view.services, runtime: () => captured.runtime as WorkflowRuntime };
}

const onlyRun = () => services?.workflows.runs.getState().runs[0];

// jsdom has no scrolling; the router restores scroll positions on navigation.
beforeAll(() => void (window.scrollTo = () => undefined));

// Signing out: the person's runtimes stop (each test's services are their own; nothing is reset by hand).
afterEach(() => services?.stop());

describe('a streamed run', () => {
  it('opens the run page at the first answer, shows it live, then takes the status from the follow-up', async () => {
    const stream = openBody();
    const server = serve(() => new Response(stream.body, { headers: { 'content-type': 'application/x-ndjson' } }));
    const { router } = renderConsole();
    const live = await screen.findByRole('checkbox', { name: /Stream live/ });
    expect(live).toBeChecked();
    await userEvent.type(screen.getByLabelText('Input'), 'Cats sleep.');
    await userEvent.click(screen.getByRole('button', { name: 'Start run' }));

    // The stream is open and nothing has come yet: the run page is already there.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workflows/runs/${onlyRun()?.id}`));
    expect(server.posts).toEqual([{ user_input: 'Cats sleep.', stream: true }]);
    const panel = await screen.findByRole('region', { name: 'States' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Streaming…');
    expect(onlyRun()?.executionId).toBeUndefined();

    act(() => stream.write(stateEvent('s1', 'Read input', 'In Progress') + thought('t1', 'Read input', true)));
    await waitFor(() => expect(within(panel).getByText('Read input', { selector: 'strong' })).toBeInTheDocument());
    expect(onlyRun()).toMatchObject({ executionId, status: 'In Progress', streamed: true });
    expect(screen.getByRole('button', { name: /Thinking · 1 step/ })).toBeInTheDocument();

    act(() =>
      stream.write(
        thought('t1', 'Read input', false, 'Read 11 characters.') +
          stateEvent('s1', 'Read input', 'Succeeded') +
          chunk({ generated_chunk: '## Sum' }) +
          chunk({ generated_chunk: 'mary' }),
      ),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('group', { name: 'Streamed text' })).toHaveTextContent('Summary'),
    );
    expect(within(panel).getByText('Succeeded')).toBeInTheDocument();

    server.status = 'Succeeded';
    act(() => {
      stream.write(chunk({ last: true, generated: '## Summary', time_elapsed: 1.5 }));
      stream.close();
    });
    await waitFor(() =>
      expect(onlyRun()).toMatchObject({
        status: 'Succeeded',
        serverSessionId: executionId,
        endedAt: expect.any(Number),
      }),
    );
    // Over: no stream news, no streamed copy of the text; the result once, after the timeline.
    expect(within(panel).getByRole('status')).toHaveTextContent(/^$/);
    expect(within(panel).queryByRole('group', { name: 'Streamed text' })).toBeNull();
    expect(screen.getByRole('button', { name: /Thoughts · 1 step/ })).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem', { name: /^State / })).toHaveLength(1);
    const result = await screen.findByRole('region', { name: 'Result' });
    // The last state's output (this fake server's is Read input's) is the result, and shows nowhere else.
    await waitFor(() => expect(within(result).getByTestId('state-output')).toHaveTextContent('Read 11 characters.'));
    expect(screen.getAllByTestId('state-output')).toHaveLength(1);
    expect(within(panel).getByRole('listitem', { name: 'State Read input' })).toHaveTextContent(
      'Its output is the run’s result, below.',
    );
    // The run's thoughts open as a tree, whatever the chat chose: the run's time is its states' timeline.
    services?.thoughts.view.getState().layoutChosen('timeline');
    // (Opened while it streamed, to be watched.)
    expect(screen.getByRole('button', { name: /Thoughts · 1 step/ })).toHaveAttribute('aria-expanded', 'true');
    const thoughts = screen.getByRole('region', { name: 'Thoughts' });
    expect(within(thoughts).getByRole('tree', { name: 'Thought tree' })).toBeInTheDocument();
    expect(within(thoughts).queryByRole('group', { name: 'Show as' })).toBeNull();
    // A whole run through two routes, a stream and the follow-up: slow on a busy machine.
  }, 20_000);

  it('shows the streamed text in the running state, and a state the stream finished at once', async () => {
    const stream = openBody();
    serve(() => new Response(stream.body, { headers: { 'content-type': 'application/x-ndjson' } }));
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Start run' }));
    const panel = await screen.findByRole('region', { name: 'States' });
    act(() =>
      stream.write(
        stateEvent('s1', 'Read input', 'In Progress') +
          stateEvent('s1', 'Read input', 'Succeeded') +
          stateEvent('s2', 'Write summary', 'In Progress') +
          chunk({ generated_chunk: 'Cats ' }),
      ),
    );
    const running = await within(panel).findByRole('listitem', { name: 'State Write summary' });
    await waitFor(() =>
      expect(within(running).getByRole('group', { name: 'Streamed text' })).toHaveTextContent('Cats'),
    );
    // The server's list (polled) knows Read input; the stream's news of Write summary is not held back for it.
    expect(
      within(panel)
        .getAllByRole('listitem', { name: /^State / })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['State Read input', 'State Write summary']);
    expect(
      within(within(panel).getByRole('listitem', { name: 'State Read input' })).getByText('Succeeded'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Current state/)).toBeNull();
  });

  it('does not fail a run whose stream breaks without last: the follow-up goes on polling', async () => {
    const stream = openBody();
    const server = serve(() => new Response(stream.body, { headers: { 'content-type': 'application/x-ndjson' } }));
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Start run' }));
    const panel = await screen.findByRole('region', { name: 'States' });
    act(() => stream.write(stateEvent('s1', 'Read input', 'In Progress')));
    await waitFor(() => expect(onlyRun()?.executionId).toBe(executionId));
    const before = server.gets.length;
    act(() => stream.fail());
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('The stream ended early'));
    expect(onlyRun()).toMatchObject({ status: 'In Progress', executionId });
    expect(onlyRun()?.error).toBeUndefined();
    expect(onlyRun()?.endedAt).toBeUndefined();
    await waitFor(() =>
      expect(server.gets.slice(before)).toContain(
        `/code-assistant-api/v1/workflows/${workflow.id}/executions/${executionId}`,
      ),
    );
  });

  it('stops the stream when the person’s services stop (sign-out), without failing the run', async () => {
    const stream = openBody();
    const server = serve(() => new Response(stream.body, { headers: { 'content-type': 'application/x-ndjson' } }));
    const { services: signedIn } = renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Start run' }));
    await screen.findByRole('region', { name: 'States' });
    act(() => stream.write(stateEvent('s1', 'Read input', 'In Progress')));
    await waitFor(() => expect(onlyRun()?.executionId).toBe(executionId));
    expect(server.signals[0]?.aborted).toBe(false);
    const stopped = signedIn.stop();
    // Stopping resolves once the stream has ended (the reader told to abort its fetch) and the run is saved as it was.
    await act(() => stopped);
    expect(server.signals[0]?.aborted).toBe(true);
    expect(onlyRun()).toMatchObject({ status: 'In Progress', executionId });
    const saved = await signedIn.db.runs.toArray();
    expect(saved).toEqual([expect.objectContaining({ owner: 'tester', status: 'In Progress', executionId })]);
  });

  it('writes the run a few times, not once per chunk', async () => {
    const stream = openBody();
    serve(() => new Response(stream.body, { headers: { 'content-type': 'application/x-ndjson' } }));
    const { runtime } = renderConsole();
    await screen.findByRole('button', { name: 'Start run' });
    await waitFor(() => expect(services?.workflows.runs.getState().status).toBe('ready'));
    let writes = 0;
    const stop = services!.workflows.runs.subscribe(
      (next, previous) => void (next.runs !== previous.runs && (writes += 1)),
    );
    const outcome = await act(() => runtime().launch({ workflow, body: {}, stream: true }));
    expect(outcome.ok).toBe(true);
    act(() => {
      for (let index = 0; index < 200; index += 1) stream.write(chunk({ generated_chunk: `${index} ` }));
    });
    // Every chunk has reached the live view: what the runs store was going to write for them, it has.
    await waitFor(() =>
      expect(services?.workflows.live.getState().live[outcome.run.id]?.answer.text).toContain('199 '),
    );
    stop();
    expect(writes).toBeLessThanOrEqual(4); // added, opened (status), named, request sent
  });

  it('takes the status from a completed stream when the server has no follow-up endpoints', async () => {
    const stream = openBody();
    const server = serve(() => new Response(stream.body, { headers: { 'content-type': 'application/x-ndjson' } }));
    server.followUp = false;
    const { runtime } = renderConsole();
    await screen.findByRole('button', { name: 'Start run' });
    await act(() => runtime().launch({ workflow, body: {}, stream: true }));
    act(() => {
      stream.write(
        stateEvent('s1', 'Transform', 'In Progress') +
          stateEvent('s1', 'Transform', 'Failed') +
          chunk({ last: true, generated: 'Error: record 17' }),
      );
      stream.close();
    });
    await waitFor(() =>
      expect(onlyRun()).toMatchObject({ status: 'Failed', noFollowUp: true, endedAt: expect.any(Number) }),
    );
  });

  it('takes a JSON record from a server that does not stream, like a JSON launch', async () => {
    serve(() => json({ execution_id: executionId, overall_status: 'In Progress', session_id: 'sess-1' }));
    const { runtime } = renderConsole();
    await screen.findByRole('button', { name: 'Start run' });
    const outcome = await act(() => runtime().launch({ workflow, body: { user_input: 'x' }, stream: true }));
    expect(outcome).toMatchObject({
      ok: true,
      run: { executionId, status: 'In Progress', serverSessionId: 'sess-1', record: { execution_id: executionId } },
    });
  });

  it('reports a start the server refused in the launcher, with no run page', async () => {
    serve(() => json({ error: { message: "Invalid field 'tags'", details: [] } }, 422));
    const { router } = renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Start run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Invalid field 'tags'");
    expect(router.state.location.pathname).toBe('/workflows');
    expect(onlyRun()?.status).toBe(localStatus.startFailed);
  });

  it('starts with JSON when Stream live is off', async () => {
    const server = serve(() => json({ execution_id: executionId, overall_status: 'In Progress' }));
    const { router } = renderConsole();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Stream live/ }));
    expect(services?.workflows.launcher.getState().streamLive).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workflows\/runs\//));
    expect(server.posts).toEqual([{}]);
    expect(screen.queryByRole('group', { name: 'Streamed text' })).toBeNull();
  });
});

describe('aborting', () => {
  it('looks before it aborts: a run that has just ended is left as it ended (real servers would overwrite it)', async () => {
    const methods: string[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      methods.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.split('/').at(-1) ?? ''}`);
      return json({ execution_id: executionId, overall_status: 'Succeeded' });
    };
    fakeServer = fetchImpl;
    const { runtime } = renderConsole();
    await screen.findByRole('button', { name: 'Start run' });
    const run = {
      id: 'r1',
      workflowId: workflow.id,
      workflowName: workflow.name,
      userInput: '',
      tags: [],
      forwarded: null,
      executionId,
      status: 'In Progress',
      startedAt: Date.now(),
    };
    act(() => services?.workflows.runs.getState().runAdded(run));
    const outcome = await runtime().abort(run);
    expect(outcome).toMatchObject({ ok: false, error: { title: 'The run had already ended (Succeeded)' } });
    // The abort read the execution (the same read as the runtime's watch of the new run: one call) and sent no PUT;
    // the end it saw is the runtime's to finish (states and result read).
    expect(methods.filter((method) => method.startsWith('PUT'))).toEqual([]);
    expect(methods.filter((method) => method === `GET ${executionId}`)).toHaveLength(1);
    expect(onlyRun()).toMatchObject({ status: 'Succeeded', endedAt: expect.any(Number) });
  });
});
