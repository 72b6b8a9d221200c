/**
 * The sandbox's own CPU per modify, on the traffic of `bench/templates/batch-cpu.ts`: the real CLI
 * in a child process (`--latency 20 --no-fsync`, as batch-cpu starts it), 32 projects created from
 * examples/batch/greeting/video.tsx, then the batch's modify bodies (three slots bound per row, the
 * rows' projects taken in turn from the pool) posted at concurrency 32 with node:http keep-alive.
 * The sandbox shares the machine's cores with the batch, so its CPU per modify bounds
 * `batch.boundShare`. Beside it, round for round, a bare `node:http` server (`bare-http-server.ts
 * --latency 20`) answers the same bodies with a fixed JSON body, 20 ms after each arrived as the
 * sandbox does. CPU is each server's user + system of all its threads (schedstat), per request,
 * after both are warmed alike over 6,400 requests:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/modify-cpu.ts [--rows 1600] [--rounds 5] [--latency 20]
 *
 * Prints a `bench/figure.ts` line `sandbox.cpuPerModify`: the sandbox's µs per modify over the bare
 * server's per request, from the round whose ratio is the median. Its aim, ratio ≤ 6, is a
 * regression guard set on 2026-11-25 from readings of 4.0–4.9 (144–185 µs beside 31–44). It
 * replaced an absolute guard, ≤ 220 µs, which the same code crossed (231, 245) while the machine
 * was slower and the first measured rounds were still warming up (docs/benchmarks.md, "Issue 11,
 * eleventh pass").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@vsynth/core';
import { spawnSandbox, spawnServer } from '../spawn-sandbox.js';
import { figure, median, printFigure } from '../figure.js';
import { boundBodies, greetingPool, greetingRows, greetingTemplate } from '../templates/greeting-batch.js';
import { atConcurrency, postJson } from './post-json.js';
import { serverCpuMicros } from './server-cpu.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1600' }, rounds: { type: 'string', default: '5' }, latency: { type: 'string', default: '20' }, concurrency: { type: 'string', default: '32' } } });
const count = Number(values.rows);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);
const WARM_UP_MODIFIES = 6400;

const dir = await mkdtemp(join(tmpdir(), 'vsynth-modify-cpu-'));
const { url, child } = await spawnSandbox(['--data-dir', join(dir, 'sandbox'), '--latency', values.latency, '--no-fsync']);
const bare = spawnServer(['bench/sandbox/bare-http-server.ts', '--latency', values.latency]);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
try {
  const client = createClient({ baseUrl: url, apiKey: 'sandbox-key' });
  const { pool, slots } = await greetingPool(client, concurrency);
  const bodies = boundBodies(greetingTemplate(pool, slots), greetingRows(count), pool).map((body) => JSON.stringify(body));
  const sandboxTarget = new URL('/api/odin/v3/project/modify', url);
  const bareTarget = new URL('/api/odin/v3/project/modify', await bare.url);
  const send = (target: URL) => atConcurrency(concurrency, bodies.length, (i) => postJson(target, agent, bodies[i]!));
  const cpuPerRequest = async (target: URL, pid: number) => {
    const before = serverCpuMicros(pid);
    await send(target);
    return (serverCpuMicros(pid) - before) / count;
  };
  for (let warmed = 0; warmed < WARM_UP_MODIFIES; warmed += count) {
    // Warm-up alike: after 3,200 modifies the sandbox's next rounds still cost it 20-30% more (JIT).
    // Both servers at once, as nothing is measured yet: the rounds wait on the latency, not the CPU.
    await Promise.all([send(sandboxTarget), send(bareTarget)]);
  }
  const perModify: number[] = [];
  const perBare: number[] = [];
  for (let r = 0; r < rounds; r++) {
    perModify.push(await cpuPerRequest(sandboxTarget, child.pid!));
    perBare.push(await cpuPerRequest(bareTarget, bare.child.pid!));
  }
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  process.stderr.write(`µs CPU per request by round: sandbox modify ${list(perModify)}; bare node:http ${list(perBare)}\n`);
  // The round whose ratio is the median: its two figures were measured side by side, so a slower
  // stretch of the machine weighs on both alike.
  const middle = median(perModify.map((cpu, r) => cpu / perBare[r]!));
  const r = perModify.findIndex((cpu, i) => cpu / perBare[i]! === middle);
  printFigure(figure('sandbox.cpuPerModify', perModify[r]!, `µs CPU of the sandbox per modify (c=32, ${values.latency} ms latency, batch-cpu bodies; baseline: bare node:http, the same, the round beside it)`, perBare[r]!, '<=', 6));
} finally {
  agent.destroy();
  for (const server of [child, bare.child]) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await rm(dir, { recursive: true, force: true });
}
