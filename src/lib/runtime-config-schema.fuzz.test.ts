import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config-schema';

describe('config.json under generated input', () => {
  it('is read without throwing: either a config, or problems that each name a field', () => {
    const nearlyValid = fc.record(
      {
        apiBaseUrl: fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.constant('/code-assistant-api'),
          fc.anything({ maxDepth: 1 }),
        ),
        auth: fc.oneof(
          fc.record({ allowAccessTokenPaste: fc.anything({ maxDepth: 0 }) }),
          fc.record({ oidc: fc.anything({ maxDepth: 2 }) }),
          fc.anything({ maxDepth: 2 }),
        ),
        traceUrlTemplate: fc.oneof(fc.string(), fc.webUrl()),
        streamIdleTimeoutSeconds: fc.oneof(fc.integer(), fc.double(), fc.anything({ maxDepth: 0 })),
        fallbacks: fc.anything({ maxDepth: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything({ maxDepth: 3 }), nearlyValid), (value) => {
        const result = parseRuntimeConfig(value);
        if (result.ok) return;
        expect(result.problems.length).toBeGreaterThan(0);
        for (const problem of result.problems) expect(problem).toMatch(/^\S.*: \S/);
      }),
      { numRuns: 10_000, seed: 3 },
    );
  }, 60_000);
});
