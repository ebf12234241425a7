import { describe, expect, it } from 'vitest';
import { pathBelowBase } from './request-spec';

describe('pathBelowBase', () => {
  it('drops the API base that every call shares, relative or absolute', () => {
    expect(
      pathBelowBase('http://localhost:4173/code-assistant-api/v1/assistants?search=x', '/code-assistant-api'),
    ).toBe('/v1/assistants?search=x');
    expect(pathBelowBase('https://api.example.com/gw/v1/llm_models', 'https://api.example.com/gw/')).toBe(
      '/v1/llm_models',
    );
  });

  it('keeps the path whole when the call is not under the base', () => {
    expect(pathBelowBase('http://localhost:4173/code-assistant-api-old/v1/x', '/code-assistant-api')).toBe(
      '/code-assistant-api-old/v1/x',
    );
    expect(
      pathBelowBase('https://other.example.com/code-assistant-api/v1/x', 'https://api.example.com/code-assistant-api'),
    ).toBe('/code-assistant-api/v1/x');
    expect(pathBelowBase('http://localhost:4173/v1/x', '')).toBe('/v1/x');
  });
});
