/**
 * Sandbox creates/s at concurrency 32 beside a bare `node:http` server answering the same
 * requests with a fixed JSON body (`bare-http-server.ts`), same load generator (node:http,
 * keep-alive), same run, rounds alternating; both are child processes. The sandbox runs with its
 * defaults (every create validated by core's checkRequest, stored in its fsynced log before the
 * answer). Prints a `bench/figure.ts` line:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/create-vs-bare.ts [--requests 2000] [--rounds 3]
 *
 * - `sandbox.vsBareHttp`: creates per CPU-second of the sandbox process / requests per CPU-second of
 *   the bare server (each server's user + system CPU from /proc over its rounds; aim ≥ 0.5).
 * - `sandbox.vsBareHttpWall`: the same as wall-clock requests/s (swings with the machine's load).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSandbox } from '../spawn-sandbox.js';
import { figure, printFigure } from '../figure.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '32' } } });
const requests = Number(values.requests);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const payload = JSON.parse(await readFile('examples/payloads/create-variant-a.json', 'utf8')) as Record<string, unknown>;
delete payload['webhookUrl'];
payload['isExport'] = false;
const body = JSON.stringify(payload);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-sandbox-vs-bare-'));
const sandbox = await spawnSandbox(['--data-dir', dir, '--export-seconds', '0', '--artifact', 'json']);
const bareChild = spawn(process.execPath, ['--import', 'tsx', 'bench/sandbox/bare-http-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
const bareUrl = await new Promise<string>((resolve) => bareChild.stdout!.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString().split('\n')[0]!) as { url: string }).url)));

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(target: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', agent, headers: { authorization: 'sandbox-key', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU milliseconds (user + system) a child process has used, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function perSecond(base: string, count: number): Promise<number> {
  const target = new URL('/api/odin/v3/editor/project', base);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        await post(target);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

try {
  await perSecond(sandbox.url, 300); // warm-up
  await perSecond(bareUrl, 300);
  const s: number[] = [];
  const b: number[] = [];
  const sCpu: number[] = [];
  const bCpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let before = cpuMsOf(bareChild.pid!);
    b.push(await perSecond(bareUrl, requests));
    bCpu.push(((cpuMsOf(bareChild.pid!) - before) * 1000) / requests);
    before = cpuMsOf(sandbox.child.pid!);
    s.push(await perSecond(sandbox.url, requests));
    sCpu.push(((cpuMsOf(sandbox.child.pid!) - before) * 1000) / requests);
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  // Creates/s a core could serve, from the server's own CPU per request: what load on the machine disturbs least.
  printFigure(figure('sandbox.vsBareHttp', 1e6 / median(sCpu), 'creates per CPU-second of the server at c=32 (baseline: bare node:http)', 1e6 / median(bCpu), '>=', 0.5));
  printFigure(figure('sandbox.vsBareHttpWall', median(s), 'creates/s wall clock at c=32 (baseline: bare node:http)', median(b), '>=', 0.5));
} finally {
  agent.destroy();
  sandbox.child.kill('SIGTERM');
  bareChild.kill('SIGTERM');
  await Promise.all([new Promise((r) => sandbox.child.once('exit', r)), new Promise((r) => bareChild.once('exit', r))]);
  await rm(dir, { recursive: true, force: true });
}
