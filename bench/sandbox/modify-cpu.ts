/**
 * The sandbox's own CPU per modify, on the traffic of `bench/templates/batch-cpu.ts`: the real CLI
 * in a child process (`--latency 20 --no-fsync`, as batch-cpu starts it), 32 projects created from
 * examples/batch/greeting/video.tsx, then the batch's modify bodies (three slots bound per row, the
 * rows' projects taken in turn from the pool) posted at concurrency 32 with node:http keep-alive.
 * The sandbox shares the machine's cores with the batch, so its CPU per modify bounds
 * `batch.boundShare`. CPU is the sandbox's user + system of all threads (schedstat), per modify,
 * median over rounds after two discarded warm-up rounds:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/modify-cpu.ts [--rows 1600] [--rounds 5] [--latency 20]
 *
 * Prints a `bench/figure.ts` line `sandbox.cpuPerModify` (µs, no baseline). Its aim, ≤ 220 µs, is a
 * regression guard: 181–184 µs before the cuts of 2026-11-24 (docs/benchmarks.md, H3), 128–140 after;
 * since the latency runs from arrival (2026-11-25) each modify is handled and answered on its own
 * rather than in a burst with 31 others, which costs the same code 156–177 µs (126–132 the old way,
 * same runs).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@vsynth/core';
import { spawnSandbox } from '../spawn-sandbox.js';
import { figure, median, printFigure } from '../figure.js';
import { boundBodies, greetingPool, greetingRows, greetingTemplate } from '../templates/greeting-batch.js';
import { atConcurrency, postJson } from './post-json.js';
import { serverCpuMicros } from './server-cpu.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1600' }, rounds: { type: 'string', default: '5' }, latency: { type: 'string', default: '20' }, concurrency: { type: 'string', default: '32' } } });
const count = Number(values.rows);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-modify-cpu-'));
const { url, child } = await spawnSandbox(['--data-dir', join(dir, 'sandbox'), '--latency', values.latency, '--no-fsync']);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
try {
  const client = createClient({ baseUrl: url, apiKey: 'sandbox-key' });
  const { pool, slots } = await greetingPool(client, concurrency);
  const bodies = boundBodies(greetingTemplate(pool, slots), greetingRows(count), pool).map((body) => JSON.stringify(body));
  const target = new URL('/api/odin/v3/project/modify', url);
  const send = () => atConcurrency(concurrency, bodies.length, (i) => postJson(target, agent, bodies[i]!));
  await send(); // warm-up, twice: the first rounds cost more (JIT)
  await send();
  const perModify: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const before = serverCpuMicros(child.pid!);
    await send();
    perModify.push((serverCpuMicros(child.pid!) - before) / count);
  }
  process.stderr.write(`µs CPU per modify by round: ${perModify.map((x) => x.toFixed(1)).join(', ')}\n`);
  printFigure(figure('sandbox.cpuPerModify', median(perModify), 'µs CPU of the sandbox per modify (c=32, 20 ms latency, batch-cpu bodies)', null, '<=', 220));
} finally {
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dir, { recursive: true, force: true });
}
