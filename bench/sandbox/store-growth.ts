/**
 * What a long-lived sandbox costs as its store grows: the real CLI (`vsynth sandbox`, defaults:
 * fsync on) in a child process takes `--rounds` rounds of `--creates` creates of
 * examples/payloads/create-variant-a.json at c=32 (node:http keep-alive), then is stopped and
 * started again on the same data directory. Prints each round's CPU µs per create (all threads,
 * schedstat) and the restart's time and memory on stderr, and one `bench/figure.ts` line:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/store-growth.ts [--creates 20000] [--rounds 10]
 *
 * - `sandbox.rssPerCreateKB`: (RSS after every round − RSS after the first) / creates after the
 *   first round, in kB (aim ≤ 5; ~7 when the store kept every payload and body in memory).
 * - `sandbox.logPerCreateKB`: the log's size / creates, in kB, beside the body's size (aim ≤ 1.25×:
 *   the body once and its records; 2.1× when the ledger entry held a second copy of the body).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { spawnSandbox } from '../spawn-sandbox.js';
import { figure, printFigure } from '../figure.js';
import { atConcurrency, postJson } from './post-json.js';
import { serverCpuMicros } from './server-cpu.js';

const { values } = parseArgs({ options: { creates: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '10' } } });
const creates = Number(values.creates);
const rounds = Number(values.rounds);

const payload = JSON.parse(readFileSync('examples/payloads/create-variant-a.json', 'utf8')) as Record<string, unknown>;
delete payload['webhookUrl'];
payload['isExport'] = false;
const body = JSON.stringify(payload);
const flags = (dir: string) => ['--data-dir', dir, '--export-seconds', '0', '--artifact', 'json'];

function rssMB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-growth-'));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
try {
  const sandbox = await spawnSandbox(flags(dir));
  const target = new URL('/api/odin/v3/editor/project', sandbox.url);
  const cpu: number[] = [];
  let firstRss = 0;
  for (let r = 0; r < rounds; r++) {
    const before = serverCpuMicros(sandbox.child.pid!);
    await atConcurrency(32, creates, () => postJson(target, agent, body));
    cpu.push((serverCpuMicros(sandbox.child.pid!) - before) / creates);
    if (r === 0) firstRss = rssMB(sandbox.child.pid!);
  }
  const lastRss = rssMB(sandbox.child.pid!);
  agent.destroy();
  await stop(sandbox.child);
  const logBytes = (await stat(join(dir, 'store.ndjson'))).size;
  const logMB = logBytes / 1e6;

  const started = performance.now();
  const again = await spawnSandbox(flags(dir));
  const restartMs = performance.now() - started;
  const restartRss = rssMB(again.child.pid!);
  await stop(again.child);

  process.stderr.write(
    `µs CPU per create by round of ${creates.toLocaleString('en-US')}: ${cpu.map((v) => v.toFixed(0)).join(' ')}\n` +
      `RSS after round 1: ${firstRss.toFixed(0)} MB, after ${(creates * rounds).toLocaleString('en-US')} creates: ${lastRss.toFixed(0)} MB; log ${logMB.toFixed(0)} MB\n` +
      `restart on that log: ${(restartMs / 1000).toFixed(1)} s to listen, RSS then ${restartRss.toFixed(0)} MB\n`,
  );
  printFigure(figure('sandbox.logPerCreateKB', logBytes / 1024 / (creates * rounds), 'kB of log per create (baseline: the request body)', Buffer.byteLength(body) / 1024, '<=', 1.25));
  if (rounds > 1) printFigure(figure('sandbox.rssPerCreateKB', ((lastRss - firstRss) * 1024) / (creates * (rounds - 1)), `kB of RSS per create (${(creates * rounds).toLocaleString('en-US')} creates)`, null, '<=', 5));
} finally {
  agent.destroy();
  await rm(dir, { recursive: true, force: true });
}
