import { useSyncExternalStore } from 'react';
import { useConsoleServices } from '@/lib/services-context';
import type { RequestLog } from '@/api/client/request-log';

/** The tab's request log, re-rendering the caller when it changes (at most every 100 ms while streaming). */
export function useRequestLog(): { log: RequestLog; version: number } {
  const { client } = useConsoleServices();
  const log = client.log;
  const version = useSyncExternalStore(log.subscribe, log.version);
  return { log, version };
}
