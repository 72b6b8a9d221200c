import { describe, expect, it } from 'vitest';
import { WorkLane } from './work-lane.js';

/** A job that runs until `finish(id)` is called, recording when it started. */
function gatedJobs() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  return {
    started,
    job: (id: string) => () => {
      started.push(id);
      return new Promise<void>((resolve) => gates.set(id, resolve));
    },
    finish: (id: string) => gates.get(id)!(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkLane', () => {
  it('runs at most its limit at once, in the order the work came', async () => {
    const lane = new WorkLane(2, () => undefined);
    const { started, job, finish } = gatedJobs();
    for (const id of ['a', 'b', 'c', 'd']) lane.add(id, job(id));
    expect(started).toEqual(['a', 'b']);
    expect(lane.pending).toBe(4);
    finish('b');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    finish('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finish('c');
    finish('d');
    await settle();
    expect(lane.pending).toBe(0);
  });

  it('hands what a job throws to onError and goes on with the next', async () => {
    const errors: [string, string][] = [];
    const lane = new WorkLane(1, (id, error) => errors.push([id, (error as Error).message]));
    const ran: string[] = [];
    lane.add('broken', () => Promise.reject(new Error('disk full')));
    lane.add('next', async () => void ran.push('next'));
    await settle();
    expect(errors).toEqual([['broken', 'disk full']]);
    expect(ran).toEqual(['next']);
  });

  it('hands a job that throws before it returns its promise to onError, and goes on with the next', async () => {
    const errors: [string, string][] = [];
    const lane = new WorkLane(1, (id, error) => errors.push([id, (error as Error).message]));
    const ran: string[] = [];
    const { started, job, finish } = gatedJobs();
    lane.add('running', job('running'));
    lane.add('throws', () => {
      throw new Error('no such export');
    });
    lane.add('next', async () => void ran.push('next'));
    finish('running');
    await settle();
    expect(started).toEqual(['running']);
    expect(errors).toEqual([['throws', 'no such export']]);
    expect(ran).toEqual(['next']);
    expect(lane.pending).toBe(0);
  });

  it('on close drops the work not started and waits for the jobs running', async () => {
    const lane = new WorkLane(1, () => undefined);
    const { started, job, finish } = gatedJobs();
    lane.add('running', job('running'));
    lane.add('queued', job('queued'));
    let closed = false;
    const closing = lane.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    finish('running');
    await closing;
    lane.add('late', job('late'));
    expect(started).toEqual(['running']);
    expect(lane.pending).toBe(0);
  });
});
