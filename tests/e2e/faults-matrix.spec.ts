// The fault matrix: one question to the Fault Injector per fault, and for each the same promises. The specific
// message is shown; the partial answer (and its thought tree) is kept; a draft typed while the answer ran is
// still in the composer; the platform saw exactly one POST for the question; the next question works.
// The platform counts the calls that reached an assistant at GET /__test/posts (README, local platform).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  answerLengthsUntilDone,
  ask,
  growthSteps,
  lastStatus,
  lastTurn,
  pickAssistant,
  platformOrigin,
  signIn,
} from './support';
import { storedAnswers, storedDrafts } from './stored';

const faultInjector = { id: 'a1000000-0000-4000-8000-00000000000d', name: 'Fault Injector' };
const partial = 'Here is the start of an answer, before the trouble starts and';
// The in-stream errors of fault-injector.ts have their own words.
const partialBeforeError = 'Here is the start of an answer, before the server runs into trouble and';
const interrupted = 'Interrupted — the stream ended before the answer was complete';

interface FaultCase {
  name: string;
  /** The question's fault words (see platform/assistants/faults/fault-injector.ts). */
  fault: string;
  /** A short client idle timeout, served in config.json. */
  idleSeconds?: number;
  /** Runs once the question is on its way (after the draft is typed): reload, hide the tab, … */
  during?(page: Page): Promise<void>;
  /** The specific message, on the turn. */
  expectOutcome(turn: Locator, page: Page): Promise<void>;
  /** Text of the answer that must be kept. */
  kept?: string;
  /** The tool thought of the partial answer is kept in the tree. */
  tree?: boolean;
  /** POSTs the browser sends for the question (a 401 is renewed and sent once more: 2). Default 1. */
  browserPosts?: number;
  /** Runs before the question: breaks the session's access token, … */
  before?(page: Page): Promise<void>;
  /** The console renews its session here: it gets a session of its own, never one other tests reuse. */
  renews?: true;
}

const alertOf = (turn: Locator) => turn.getByRole('alert').first();

const cases: FaultCase[] = [
  {
    name: 'connection drop (SSE)',
    fault: 'drop sse',
    expectOutcome: (turn) => expect(turn.locator('.status-label')).toHaveText(interrupted, { timeout: 20_000 }),
    kept: partial,
    tree: true,
  },
  {
    name: 'connection drop (NDJSON)',
    fault: 'drop ndjson',
    expectOutcome: (turn) => expect(turn.locator('.status-label')).toHaveText(interrupted, { timeout: 20_000 }),
    kept: partial,
    tree: true,
  },
  {
    name: 'stall beyond the client idle timeout',
    fault: 'stall',
    idleSeconds: 2,
    expectOutcome: async (turn) => {
      await expect(turn.getByRole('alert')).toHaveText(
        'No data from the server for 2 s; the answer was stopped. What arrived is kept.',
        { timeout: 20_000 },
      );
      await expect(turn.locator('.status-label')).toHaveText(interrupted);
      await expect(turn).toHaveAttribute('data-turn-status', 'interrupted');
    },
    kept: partial,
    tree: true,
  },
  {
    name: 'slow drip (a few bytes every 300 ms, chunks slower than the 1 s idle timeout)',
    fault: 'slow drip',
    idleSeconds: 1,
    expectOutcome: async (turn, page) => {
      const lengths = await answerLengthsUntilDone(page);
      await expect(turn.locator('.status-label')).toHaveText('Completed');
      expect(growthSteps(lengths), `answer lengths over time: ${lengths.join(',')}`).toBeGreaterThanOrEqual(2);
    },
    kept: 'Drip by drip.',
  },
  {
    name: 'malformed chunk',
    fault: 'malformed',
    expectOutcome: async (turn) => {
      await expect(turn.locator('.status-label')).toHaveText('Completed', { timeout: 20_000 });
      await expect(turn.getByText('1 stream chunk could not be read and was skipped.')).toBeVisible();
    },
    kept: 'the rest arrives after one unreadable chunk.',
  },
  {
    name: '5 MB chunk',
    fault: 'huge chunk',
    expectOutcome: (turn) => expect(turn.locator('.status-label')).toHaveText('Completed', { timeout: 30_000 }),
    kept: 'the answer goes on after a 5 MB chunk.',
    tree: true,
  },
  {
    name: 'in-stream error object',
    fault: 'error object',
    expectOutcome: async (turn) => {
      await expect(alertOf(turn)).toContainText('The server reported an error during the answer', { timeout: 20_000 });
      await expect(alertOf(turn)).toContainText('Access token expired (simulated)');
    },
    kept: partialBeforeError,
  },
  {
    name: 'SSE event: error',
    fault: 'sse error',
    expectOutcome: (turn) =>
      expect(alertOf(turn)).toContainText('The model provider closed the stream (simulated)', { timeout: 20_000 }),
    kept: partialBeforeError,
  },
  {
    name: '500 with the API’s JSON error',
    fault: 'server error',
    expectOutcome: async (turn) => {
      await expect(alertOf(turn)).toContainText('Server error (HTTP 500)', { timeout: 20_000 });
      await expect(alertOf(turn)).toContainText('The assistant crashed (simulated)');
    },
  },
  {
    name: '503 with the API’s JSON error',
    fault: 'unavailable',
    expectOutcome: async (turn) => {
      await expect(alertOf(turn)).toContainText('(HTTP 503)', { timeout: 20_000 });
      await expect(alertOf(turn)).toContainText('The service is temporarily unavailable (simulated)');
    },
  },
  {
    name: '502 with a gateway’s HTML page',
    fault: 'bad gateway',
    expectOutcome: async (turn) => {
      await expect(alertOf(turn)).toContainText('Unexpected page instead of an API answer (HTTP 502)', {
        timeout: 20_000,
      });
      await expect(alertOf(turn)).toContainText('text/html');
    },
  },
  {
    name: 'redirect to a sign-in page',
    fault: 'login redirect',
    expectOutcome: async (turn) => {
      await expect(alertOf(turn)).toContainText('The API sent this request to a sign-in page', { timeout: 20_000 });
      await expect(alertOf(turn)).toContainText('/code-assistant-api/oauth2/sign_in');
      await expect(alertOf(turn)).not.toContainText('does not look like the API');
      await expect(alertOf(turn).getByRole('button', { name: 'Sign in again' })).toBeVisible();
    },
  },
  {
    name: '429 with Retry-After',
    fault: 'busy',
    expectOutcome: async (turn) => {
      await expect(alertOf(turn)).toContainText('Too many requests', { timeout: 20_000 });
      const retry = alertOf(turn).getByRole('button', { name: /^Retry/ });
      await expect(retry).toBeDisabled();
      await expect(retry).toHaveText(/^Retry in [1-4] s$/);
    },
  },
  {
    name: '401: the server refuses the access token mid-session',
    fault: 'no fault, after a refused token',
    renews: true,
    // The token the console holds is refused (as an expired one is); it renews once and sends again.
    before: (page) =>
      page.evaluate(() => {
        for (const key of Object.keys(sessionStorage)) {
          if (!key.startsWith('oidc.user:')) continue;
          const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
          user.access_token = `${user.access_token ?? ''}broken`;
          sessionStorage.setItem(key, JSON.stringify(user));
        }
      }),
    expectOutcome: async (turn) => {
      await expect(turn.locator('.status-label')).toHaveText('Completed', { timeout: 20_000 });
      await expect(turn.getByRole('alert')).toHaveCount(0);
    },
    kept: 'All is well: this answer arrived whole.',
    browserPosts: 2,
  },
  {
    // A current server goes on generating when the page goes: the console re-attaches and the answer ends whole (a
    // 2.42-era server's cut answer is tested in v242/page-closed.spec.ts).
    name: 'reload mid-stream',
    fault: 'long answer',
    during: async (page) => {
      await expect(lastTurn(page).getByTestId('answer-text')).toContainText('trouble starts', { timeout: 20_000 });
      // The draft is saved as it is typed (debounced); the turn when its first text arrives: the reload waits for both.
      await expect.poll(() => storedDrafts(page)).toContainEqual(expect.stringContaining('A draft typed while'));
      await expect
        .poll(async () => (await storedAnswers(page)).some((text) => text.includes('trouble starts')))
        .toBe(true);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    },
    expectOutcome: (turn) => expect(turn.locator('.status-label')).toHaveText('Completed', { timeout: 20_000 }),
    kept: 'it still ends well.',
  },
  {
    name: 'hidden tab during the stream',
    fault: 'long answer',
    during: async (page) => {
      await expect(lastTurn(page).getByTestId('answer-text')).toContainText('trouble starts', { timeout: 20_000 });
      const setVisibility = (hidden: boolean) =>
        page.evaluate((isHidden) => {
          Object.defineProperty(document, 'visibilityState', {
            configurable: true,
            get: () => (isHidden ? 'hidden' : 'visible'),
          });
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
          document.dispatchEvent(new Event('visibilitychange'));
        }, hidden);
      await setVisibility(true);
      // The answer goes on arriving while the tab is hidden.
      await expect(lastTurn(page).getByTestId('answer-text')).toContainText('word after word', { timeout: 20_000 });
      await setVisibility(false);
    },
    expectOutcome: (turn) => expect(turn.locator('.status-label')).toHaveText('Completed', { timeout: 20_000 }),
    kept: 'it still ends well.',
    tree: true,
  },
];

async function postsFor(request: APIRequestContext, question: string): Promise<number> {
  const response = await request.get(`${platformOrigin}/__test/posts`, {
    params: { assistant: faultInjector.id, question },
  });
  expect(response.ok(), 'the local platform counts POSTs at /__test/posts').toBe(true);
  return ((await response.json()) as { posts: number }).posts;
}

for (const fault of cases) {
  test(`fault: ${fault.name}`, async ({ page, request }) => {
    if (fault.idleSeconds !== undefined) {
      const idleSeconds = fault.idleSeconds;
      await page.route('**/config.json', async (route) => {
        const config = (await (await route.fetch()).json()) as Record<string, unknown>;
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ ...config, streamIdleTimeoutSeconds: idleSeconds }),
        });
      });
    }
    const modelPosts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes(`/assistants/${faultInjector.id}/model`))
        modelPosts.push(sent.postData() ?? '');
    });
    await signIn(page, 'analyst', { fresh: fault.renews === true });
    await pickAssistant(page, faultInjector.name);
    await fault.before?.(page);

    const question = `${fault.fault} (#${Date.now().toString(36)})`;
    const draft = `A draft typed while "${fault.name}" happens`;
    await ask(page, question);
    await page.getByLabel('Message').fill(draft);
    await fault.during?.(page);
    const turn = page.getByRole('article').filter({ hasText: question });
    await fault.expectOutcome(turn, page);

    if (fault.kept) await expect(turn.getByTestId('answer-text')).toContainText(fault.kept);
    if (fault.tree) await expect(turn.getByRole('region', { name: 'Thoughts' })).toContainText('1 tool');
    await expect(page.getByLabel('Message')).toHaveValue(draft);
    expect(await postsFor(request, question)).toBe(1);
    expect(modelPosts.filter((body) => body.includes(question))).toHaveLength(fault.browserPosts ?? 1);

    const next = `no fault, the next question (#${Date.now().toString(36)})`;
    await ask(page, next);
    await expect(lastTurn(page)).toContainText(next);
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
    await expect(lastTurn(page).getByTestId('answer-text')).toHaveText('All is well: this answer arrived whole.');
    expect(await postsFor(request, question), 'nothing sent the faulty question again').toBe(1);
  });
}
