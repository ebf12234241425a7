import { describe, expect, it } from 'vitest';
import { checkRuntimeConfig } from './runtime-config';

const base = { apiBaseUrl: 'http://localhost:8080/code-assistant-api', auth: { allowAccessTokenPaste: true } };

describe('the trace link template in config.json', () => {
  it('is accepted with known placeholders', () => {
    const result = checkRuntimeConfig({ ...base, traceUrlTemplate: 'https://trace.example.com/sessions/{session_id}' });
    expect(result.ok && result.config.traceUrlTemplate).toBe('https://trace.example.com/sessions/{session_id}');
  });

  it('names an unknown placeholder', () => {
    expect(checkRuntimeConfig({ ...base, traceUrlTemplate: 'https://trace.example.com/{run}' })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^traceUrlTemplate: Unknown placeholder \{run\}/)],
    });
  });
});
