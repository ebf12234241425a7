// The page's workers (the console's highlighter runs in one) hold heap of their own, which `Runtime.getHeapUsage`
// on the page does not count. Attached through the page's CDP session (unflattened: messages to a worker go
// through Target.sendMessageToTarget), their heap is added to the page's, so moving work off the main thread
// cannot make memory look smaller than it is.
import type { CDPSession } from '@playwright/test';

interface Attached {
  sessionId: string;
  targetInfo: { type: string; title: string };
}

/** How long a worker may take to answer the bench (a full garbage collection of its heap included). */
const callTimeoutMs = 10_000;

const workersOf = new WeakMap<
  CDPSession,
  { sessions: Map<string, string>; call(sessionId: string, method: string): Promise<unknown> }
>();

/** Starts following the workers of the page `cdp` belongs to (call before the page loads). */
export async function followWorkers(cdp: CDPSession): Promise<void> {
  // Each worker's session, with the worker's name.
  const sessions = new Map<string, string>();
  const replies = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  cdp.on(
    'Target.attachedToTarget',
    (event: Attached) =>
      void (event.targetInfo.type === 'worker' && sessions.set(event.sessionId, event.targetInfo.title)),
  );
  cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => void sessions.delete(event.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id === undefined) return;
    replies.get(message.id)?.(message.result);
    replies.delete(message.id);
  });
  // A worker that ends while it is asked (the highlighter ends itself when idle) never answers: it counts as none.
  const call = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        replies.delete(id);
        resolve(undefined);
      }, callTimeoutMs);
      replies.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => {
        // The session is gone already: no answer will come.
        clearTimeout(timer);
        replies.delete(id);
        resolve(undefined);
      });
    });
  workersOf.set(cdp, { sessions, call });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
}

/** Used heap of the followed workers after a full garbage collection in each, in bytes: in all, and by name. */
export async function workersHeapBytes(cdp: CDPSession): Promise<{ total: number; byName: Map<string, number> }> {
  const workers = workersOf.get(cdp);
  const byName = new Map<string, number>();
  if (!workers) return { total: 0, byName };
  let total = 0;
  for (const [sessionId, name] of workers.sessions) {
    await workers.call(sessionId, 'HeapProfiler.collectGarbage');
    const usage = (await workers.call(sessionId, 'Runtime.getHeapUsage')) as { usedSize?: number } | undefined;
    total += usage?.usedSize ?? 0;
    byName.set(name, (byName.get(name) ?? 0) + (usage?.usedSize ?? 0));
  }
  return { total, byName };
}

/** Waits (at most `timeoutMs`) until no followed worker is named `name`; false if one still runs then. */
export async function workerGone(cdp: CDPSession, name: string, timeoutMs: number): Promise<boolean> {
  const workers = workersOf.get(cdp);
  const deadline = Date.now() + timeoutMs;
  while (workers && [...workers.sessions.values()].includes(name)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return true;
}
