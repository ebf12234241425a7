// The page's workers (the console's highlighter runs in one) hold heap of their own, which `Runtime.getHeapUsage`
// on the page does not count. Attached through the page's CDP session (unflattened: messages to a worker go
// through Target.sendMessageToTarget), their heap is added to the page's, so moving work off the main thread
// cannot make memory look smaller than it is.
import type { CDPSession } from '@playwright/test';

interface Attached {
  sessionId: string;
  targetInfo: { type: string };
}

const workersOf = new WeakMap<
  CDPSession,
  { sessions: Set<string>; call(sessionId: string, method: string): Promise<unknown> }
>();

/** Starts following the workers of the page `cdp` belongs to (call before the page loads). */
export async function followWorkers(cdp: CDPSession): Promise<void> {
  const sessions = new Set<string>();
  const replies = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  cdp.on(
    'Target.attachedToTarget',
    (event: Attached) => void (event.targetInfo.type === 'worker' && sessions.add(event.sessionId)),
  );
  cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => void sessions.delete(event.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id === undefined) return;
    replies.get(message.id)?.(message.result);
    replies.delete(message.id);
  });
  const call = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      replies.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    });
  workersOf.set(cdp, { sessions, call });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
}

/** Used heap of the followed workers after a full garbage collection in each, in bytes. */
export async function workersHeapBytes(cdp: CDPSession): Promise<number> {
  const workers = workersOf.get(cdp);
  if (!workers) return 0;
  let total = 0;
  for (const sessionId of workers.sessions) {
    await workers.call(sessionId, 'HeapProfiler.collectGarbage');
    const usage = (await workers.call(sessionId, 'Runtime.getHeapUsage')) as { usedSize?: number } | undefined;
    total += usage?.usedSize ?? 0;
  }
  return total;
}
