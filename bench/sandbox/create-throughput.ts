/**
 * Requests/s the sandbox sustains for project create on loopback, at concurrency 1, 8 and 32.
 * The sandbox runs as the real CLI in a child process (fsync on, default options); this process
 * only sends requests (node:http, keep-alive). Run from the repository root:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/create-throughput.ts [--requests N] [--export] [--no-fsync]
 *
 * `--export` sends isExport:true (each create also stores an artifact: the project JSON, not a preview render); by default
 * isExport:false measures the request path alone.
 */
import { Agent } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '../figure.js';
import { spawnSandbox } from '../spawn-sandbox.js';
import { atConcurrency, postJson } from './post-json.js';

const args = process.argv.slice(2);
const requests = Number(args[args.indexOf('--requests') + 1] ?? 0) || 3000;
const exported = args.includes('--export');
const fsync = !args.includes('--no-fsync');
const levels = [1, 8, 32];

const payload = JSON.parse(await readFile('examples/payloads/create-variant-a.json', 'utf8')) as Record<string, unknown>;
delete payload['webhookUrl'];
payload['isExport'] = exported;
const body = JSON.stringify(payload);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-sandbox-bench-'));
const { url, child } = await spawnSandbox(['--data-dir', dir, '--export-seconds', '0', '--artifact', 'json', ...(fsync ? [] : ['--no-fsync'])]);

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const target = new URL('/api/odin/v3/editor/project', url);

async function run(concurrency: number, count: number): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  const started = performance.now();
  await atConcurrency(concurrency, count, async () => {
    const sent = performance.now();
    await postJson(target, agent, body);
    latencies.push(performance.now() - sent);
  });
  return { seconds: (performance.now() - started) / 1000, latencies };
}

console.log(`sandbox create throughput: ${requests} requests per level, payload ${body.length} bytes, isExport ${exported}, fsync ${fsync}, node ${process.version}`);
console.log('concurrency | requests/s | p50 ms | p99 ms');
await run(8, 300); // warm-up: JIT, connections, log file
for (const concurrency of levels) {
  const { seconds, latencies } = await run(concurrency, requests);
  console.log(
    `${String(concurrency).padStart(11)} | ${(requests / seconds).toFixed(0).padStart(10)} | ${percentile(latencies, 0.5).toFixed(2).padStart(6)} | ${percentile(latencies, 0.99).toFixed(2).padStart(6)}`,
  );
}

agent.destroy();
child.kill('SIGTERM');
await new Promise((resolve) => child.on('exit', resolve));
await rm(dir, { recursive: true, force: true });
