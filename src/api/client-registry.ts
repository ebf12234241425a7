import type { ApiClient } from './http-client';

// One client per page load, built by the app shell from the runtime config before any feature renders.
let current: ApiClient | null = null;

export function configureApiClient(client: ApiClient): void {
  current = client;
}

export function apiClient(): ApiClient {
  if (!current) throw new Error('The API client is used before the app configured it');
  return current;
}
