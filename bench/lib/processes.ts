// Child processes of the bench (platform, vite preview): each in its own process group, so stopping one
// stops everything it started; output kept in a log file for when something does not come up.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface Started {
  name: string;
  child: ChildProcess;
  log: string;
}

const running: Started[] = [];
// Once stopping, nothing new starts: a run stopped while it was starting its servers left the later ones running.
let stopping = false;

export function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  logDir: string,
): Started {
  if (stopping) throw new Error(`not starting ${name}: the bench is stopping`);
  mkdirSync(logDir, { recursive: true });
  const log = join(logDir, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const started = { name, child, log };
  running.push(started);
  return started;
}

/** Waits until `url` answers 2xx, or fails with the process's log path when it exits or `ms` pass. */
export async function waitForUrl(process: Started, url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(
        `${process.name} exited (${process.child.exitCode ?? process.child.signalCode}); see ${process.log}`,
      );
    }
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await delay(200);
  }
  throw new Error(`${process.name} did not answer at ${url} within ${ms / 1000} s; see ${process.log}`);
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Stops every process this module started (SIGTERM to its group, SIGKILL after 5 s). */
export async function stopAll(): Promise<void> {
  stopping = true;
  const list = running.splice(0);
  for (const { child } of list) signalGroup(child, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (list.some(({ child }) => alive(child)) && Date.now() < deadline) await delay(100);
  // SIGKILL the group even when the leader exited: a grandchild may still hold a port.
  for (const { child } of list) signalGroup(child, 'SIGKILL');
}
