import { describe, expect, it } from 'vitest';
import { ApiError } from '@/domain/errors/api-error';
import { fakeWorld } from '@/test/fake-world';
import { createRunFollower, type FollowTarget } from './run-follower';

const target: FollowTarget = { runId: 'r1', workflowId: 'w1', executionId: 'e1' };

function follower(statuses: Array<string | Error>) {
  const world = fakeWorld();
  const reads: number[] = [];
  const records: Array<{ status: string; ended: boolean }> = [];
  const lost: string[] = [];
  const gone: string[] = [];
  const failures: unknown[] = [];
  const gaveUp: Array<{ runId: string; failures: number }> = [];
  const instance = createRunFollower({
    clock: world.clock,
    visibility: world.visibility,
    read: async () => {
      reads.push(world.clock.now());
      const next = statuses.shift() ?? 'In Progress';
      if (next instanceof Error) throw next;
      return { overall_status: next };
    },
    onRecord: (_, record, ended) => records.push({ status: record.overall_status, ended }),
    onNoFollowUp: (followed) => lost.push(followed.runId),
    onGone: (followed) => gone.push(followed.runId),
    onReadFailed: (_, error) => failures.push(error),
    onGaveUp: (followed, count) => gaveUp.push({ runId: followed.runId, failures: count }),
  });
  return { world, instance, reads, records, lost, gone, failures, gaveUp };
}

describe('the run follower', () => {
  it('polls with backoff until the status is terminal, then lets the run go', async () => {
    const { world, instance, reads, records } = follower(['In Progress', 'In Progress', 'Succeeded']);
    instance.follow(target);
    await world.advance(60_000);
    expect(reads).toEqual([1000, 2500, 4750]);
    expect(records.at(-1)).toEqual({ status: 'Succeeded', ended: true });
    expect(instance.following()).toEqual([]);
    expect(world.pendingTimers()).toBe(0);
  });

  it('stops at an interrupt (the run waits for a person) and follows again after a resume', async () => {
    const { world, instance, records } = follower(['Interrupted', 'In Progress', 'Succeeded']);
    instance.follow(target);
    await world.advance(5000);
    expect(records).toEqual([{ status: 'Interrupted', ended: true }]);
    instance.follow(target, { immediately: true });
    await world.advance(10_000);
    expect(records.map((record) => record.status)).toEqual(['Interrupted', 'In Progress', 'Succeeded']);
  });

  it('does not poll while the tab is hidden, and polls what came due the moment it shows', async () => {
    const { world, instance, reads } = follower(['In Progress', 'Succeeded']);
    await world.setHidden(true);
    instance.follow(target);
    await world.advance(30_000);
    expect(reads).toEqual([]);
    await world.setHidden(false);
    expect(reads).toEqual([30_000]);
  });

  it('keeps following through a failed read, and gives up only when the server has no such route', async () => {
    const blip = new ApiError({ kind: 'network', details: 'offline' });
    const missing = new ApiError({ kind: 'http', status: 405 });
    const { world, instance, records, lost, failures } = follower([blip, 'In Progress', missing]);
    instance.follow(target);
    await world.advance(60_000);
    expect(failures).toEqual([blip]);
    expect(records.map((record) => record.status)).toEqual(['In Progress']);
    expect(lost).toEqual(['r1']);
    expect(instance.following()).toEqual([]);
  });

  it('backs off on reads that keep failing and stops after ten, until asked to follow again', async () => {
    const down = new ApiError({ kind: 'network', details: 'offline' });
    const { world, instance, reads, gaveUp } = follower([...Array.from({ length: 10 }, () => down), 'Succeeded']);
    instance.follow(target);
    await world.advance(60 * 60_000);
    const waits = reads.slice(1).map((at, index) => at - (reads[index] ?? 0));
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000, 120_000]);
    expect(gaveUp).toEqual([{ runId: 'r1', failures: 10 }]);
    expect(instance.following()).toEqual([]);
    expect(world.pendingTimers()).toBe(0);

    instance.follow(target, { immediately: true });
    await world.advance(1000);
    expect(reads).toHaveLength(11);
    expect(instance.following()).toEqual([]);
  });

  it('counts only failures in a row: a read that works starts the count again', async () => {
    const down = new ApiError({ kind: 'network', details: 'offline' });
    const flaky = Array.from({ length: 30 }, (_, index) => (index % 5 === 4 ? 'In Progress' : down));
    const { world, instance, gaveUp } = follower(flaky);
    instance.follow(target);
    await world.advance(2 * 60 * 60_000);
    expect(gaveUp).toEqual([]);
    expect(instance.following()).toEqual(['r1']);
    instance.stop();
  });

  it('stops following an execution the server says it no longer has, instead of polling it forever', async () => {
    const notFound = new ApiError({ kind: 'http', status: 404, message: 'Execution Not Found' });
    const { world, instance, gone, lost, reads } = follower(['In Progress', notFound]);
    instance.follow(target);
    await world.advance(600_000);
    expect(gone).toEqual(['r1']);
    expect(lost).toEqual([]);
    expect(reads).toHaveLength(2);
  });

  it('follows each run once, forgets one on request and stops everything on sign-out', async () => {
    const { world, instance, reads } = follower([]);
    instance.follow(target);
    instance.follow(target);
    instance.follow({ ...target, runId: 'r2', executionId: 'e2' });
    await world.advance(1000);
    expect(reads).toHaveLength(2);
    instance.forget('r2');
    expect(instance.following()).toEqual(['r1']);
    instance.stop();
    await world.advance(60_000);
    expect(reads).toHaveLength(2);
    instance.follow(target);
    expect(instance.following()).toEqual([]);
  });
});
