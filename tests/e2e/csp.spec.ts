// Positive control of ./csp: the detector sees a refused inline script, and its end-of-test check fails on it.
import { expect, expectNoViolations, test } from './csp';

test('an injected inline script is refused, reported, and would fail the test', async ({ page, csp }) => {
  csp.expectViolations();
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expectNoViolations(csp.violations);

  // What an injection would do; under the console's CSP it must not run.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true;';
    document.body.append(script);
  });
  await expect.poll(() => csp.violations.map((violation) => violation.directive)).toContain('script-src-elem');
  expect(await page.evaluate(() => (window as { __injectedRan?: boolean }).__injectedRan ?? false)).toBe(false);
  expect(() => expectNoViolations(csp.violations)).toThrow(/Content-Security-Policy violations/);
});
