import { describe, expect, it } from 'vitest';
import { namedPath } from './call-label';

describe('namedPath', () => {
  it('names the assistants and workflows it knows and leaves other ids alone', () => {
    const names = new Map([
      ['a1000000-0000-4000-8000-000000000001', 'General Assistant'],
      ['b2000000-0000-4000-8000-000000000001', 'Summarize document'],
    ]);
    expect(namedPath('/code-assistant-api/v1/assistants/A1000000-0000-4000-8000-000000000001/model', names)).toBe(
      '/code-assistant-api/v1/assistants/«General Assistant»/model',
    );
    expect(
      namedPath(
        '/v1/workflows/b2000000-0000-4000-8000-000000000001/executions/e0000000-0000-4000-8000-0000000000aa/states',
        names,
      ),
    ).toBe('/v1/workflows/«Summarize document»/executions/e0000000-0000-4000-8000-0000000000aa/states');
    expect(namedPath('/v1/llm_models', names)).toBe('/v1/llm_models');
  });
});
