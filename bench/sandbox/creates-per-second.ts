/**
 * How many creates the sandbox answers per second: the real `vsynth sandbox` (child process,
 * its defaults: every create validated and fsynced to its store before the answer) under 32
 * creates at a time over keep-alive HTTP from this process. The bodies are compiled videos of 3
 * to 7 scenes, taken in turn. A warm-up round first, then rounds of `--requests`; median.
 *
 *   node --import tsx bench/sandbox/creates-per-second.ts [--requests 2000] [--rounds 3]
 *
 * - `sandbox.createsPerSecond`: creates/s at concurrency 32 (aim ≥ 1,000).
 */
import { Agent } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compile } from '@vsynth/jsx-runtime';
import { benchVideo } from '../bench-video.js';
import { figure, median, printFigure } from '../figure.js';
import { spawnSandbox, stopServer } from '../spawn-sandbox.js';
import { atConcurrency, postJson } from './post-json.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' } },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);
const CONCURRENCY = 32;

const bodies = await Promise.all(
  [3, 4, 5, 6, 7].map(async (scenes) =>
    JSON.stringify({ ...(await compile(benchVideo(`Tour ${scenes}`, scenes))).payload, isExport: false }),
  ),
);
const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-sandbox-'));
const sandbox = await spawnSandbox(['--data-dir', dir]);
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
try {
  const target = new URL('/api/odin/v3/editor/project', sandbox.url);
  const perSecond = async () => {
    const started = performance.now();
    await atConcurrency(CONCURRENCY, requests, (i) => postJson(target, agent, bodies[i % bodies.length]!));
    return requests / ((performance.now() - started) / 1000);
  };
  await perSecond();
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) rates.push(await perSecond());
  process.stderr.write(`creates/s by round: ${rates.map((rate) => rate.toFixed(0)).join(', ')}\n`);
  const unit = `creates/s at c=${CONCURRENCY}, compiled 3-7 scene bodies, fsync on`;
  printFigure(figure('sandbox.createsPerSecond', median(rates), unit, null, '>=', 1000));
} finally {
  agent.destroy();
  await stopServer(sandbox.child);
  await rm(dir, { recursive: true, force: true });
}
