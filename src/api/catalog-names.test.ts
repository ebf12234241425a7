import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { knownCatalogNames } from './catalog-names';
import { catalogKeys } from './catalog-queries';
import { workflowKeys } from './workflows/workflow-queries';

describe('knownCatalogNames', () => {
  it('gathers the names of the assistants and workflows already read, from lists and details', () => {
    const base = 'http://api.test/code-assistant-api';
    const client = new QueryClient();
    client.setQueryData(catalogKeys.assistantList(base, ''), {
      pages: [{ data: [{ id: 'A-1', name: 'General Assistant' }], pagination: {} }],
      pageParams: [0],
    });
    client.setQueryData(catalogKeys.assistantDetail(base, 'a-2'), { id: 'a-2', name: 'Research Agent' });
    client.setQueryData(workflowKeys.list(base, ''), {
      pages: [{ data: [{ id: 'w-1', name: 'Tag echo' }] }],
      pageParams: [0],
    });
    client.setQueryData(catalogKeys.assistantList('http://elsewhere', ''), {
      pages: [{ data: [{ id: 'x', name: 'Other server' }] }],
    });
    expect(Object.fromEntries(knownCatalogNames(client, base))).toEqual({
      'a-1': 'General Assistant',
      'a-2': 'Research Agent',
      'w-1': 'Tag echo',
    });
  });
});
