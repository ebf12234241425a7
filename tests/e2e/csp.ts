// Every e2e test fails on a Content-Security-Policy violation. Specs import `test` and `expect` from here
// (ESLint refuses `test` from @playwright/test in tests/e2e), so the check cannot be forgotten.
import { test as base, expect, type BrowserContext, type ConsoleMessage } from '@playwright/test';

export { expect };

export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

export interface CspMonitor {
  /** Violations seen so far in any page or frame of the test's browser context. */
  readonly violations: readonly CspViolation[];
  /** For a test that provokes violations on purpose: the end-of-test check is skipped. */
  expectViolations(): void;
}

const bindingName = '__e2eCspViolation';

// Runs in every page and frame before the page's own scripts. Capture phase on document: the event is
// dispatched at the offending element and bubbles, or at the document itself.
function listenForViolations(binding: string): void {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding];
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    },
    true,
  );
}

// Chromium also logs each refusal to the console; that catches violations the event does not reach
// (a document without the listener yet, a worker).
const isCspMessage = (message: ConsoleMessage): boolean =>
  message.type() === 'error' && /Content Security Policy/i.test(message.text());

async function watch(context: BrowserContext, seen: CspViolation[]): Promise<void> {
  await context.exposeBinding(bindingName, (_source, violation: CspViolation) => {
    seen.push(violation);
  });
  await context.addInitScript(listenForViolations, bindingName);
  context.on('console', (message) => {
    if (!isCspMessage(message)) return;
    const { url, lineNumber } = message.location();
    seen.push({ directive: 'console', blocked: '', source: `${url}:${lineNumber}`, sample: message.text() });
  });
}

/** The end-of-test check of every test. */
export function expectNoViolations(violations: readonly CspViolation[]): void {
  expect(violations, 'Content-Security-Policy violations during the test').toEqual([]);
}

export const test = base.extend<{ csp: CspMonitor }>({
  csp: [
    async ({ context }, use) => {
      const seen: CspViolation[] = [];
      let expected = false;
      await watch(context, seen);
      await use({
        get violations() {
          return seen;
        },
        expectViolations: () => {
          expected = true;
        },
      });
      if (!expected) expectNoViolations(seen);
    },
    { auto: true },
  ],
});
