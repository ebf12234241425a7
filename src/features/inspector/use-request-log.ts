import { useSyncExternalStore } from 'react';
import type { ApiClient } from '@/api/client/http-client';
import type { RequestLog } from '@/api/client/request-log';
import { servicesContext } from '@/lib/services-context';

const inspected = servicesContext<ApiClient>('the client whose requests the Inspector shows');

/** The Inspector reads the person's client as the app hands it: its request log and its base address. */
export const InspectedClientProvider = inspected.Provider;
export const useInspectedClient = inspected.use;

/** The tab's request log, re-rendering the caller when it changes (at most every 100 ms while streaming). */
export function useRequestLog(): { log: RequestLog; version: number } {
  const log = useInspectedClient().log;
  const version = useSyncExternalStore(log.subscribe, log.version);
  return { log, version };
}
