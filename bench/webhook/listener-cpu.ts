/**
 * CPU per webhook delivery of core's listener (what `vsynth batch --collect-webhooks`, `submit
 * --wait` and `worker` receive deliveries with) beside a bare `node:http` server answering the
 * same requests with a fixed body: both child processes started alike, the same load generator
 * (this process: `node:http` GETs over a keep-alive agent at concurrency 32, as the sandbox
 * delivers), rounds alternating. Every delivery is a distinct, signed
 * address (`correlateWebhookUrl`), so none is answered as a duplicate. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/webhook/listener-cpu.ts [--deliveries 3000] [--rounds 5] [--detail]
 *
 * `VSYNTH_BENCH_WEBHOOK_NODE_ARGS` adds node flags to both servers (e.g. `--cpu-prof`).
 *
 * - `webhook.listenerVsBareHttp`: CPU µs per delivery of the listener / per request of the bare
 *   server (each server's CPU of all its threads, from schedstat; median round, after a round to
 *   warm up). Aim ≤ 4: 5.9–6.2 while each request was adapted to a Fetch `Request`, 2.5–3.3 since.
 * - `webhook.listenerFirstVsBareHttp`: the same over each server's first round, which a batch's
 *   listener lives in (it starts with the batch): mostly compiling. Aim ≤ 3: 4.6–4.8 before,
 *   2.0–2.1 since.
 */
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { correlateWebhookUrl } from '@vsynth/core';
import { figure, median, printFigure } from '../figure.js';
import { atConcurrency } from '../sandbox/post-json.js';
import { serverCpuMicros } from '../sandbox/server-cpu.js';
import { nodeArgsOf, spawnServer } from '../spawn-sandbox.js';

const { values } = parseArgs({ options: { deliveries: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '5' }, detail: { type: 'boolean', default: false } } });
const deliveries = Number(values.deliveries);
const rounds = Number(values.rounds);
const secret = 'bench-webhook-secret-0123456789';

const serverOptions = { nodeArgs: nodeArgsOf('VSYNTH_BENCH_WEBHOOK_NODE_ARGS'), env: { ...process.env, VSYNTH_BENCH_WEBHOOK_SECRET: secret } };
const listener = spawnServer(['bench/webhook/webhook-server.ts'], serverOptions);
const bare = spawnServer(['bench/webhook/webhook-server.ts', '--bare'], serverOptions);
const servers = [
  { child: listener.child, base: await listener.url },
  { child: bare.child, base: await bare.url },
];
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let sent = 0;

/** A delivery as the sandbox sends it: the signed address with the spec's three parameters appended. */
function deliveryPath(base: string): string {
  const id = `row-${sent++}`;
  const url = new URL(correlateWebhookUrl(base, { id, secret }));
  url.searchParams.set('ai_progress_update_loc', `6740f1a2c3d4e5f6${String(sent).padStart(8, '0')}`);
  url.searchParams.set('videoUrl', `https://cdn.example.com/exports/${id}.mp4`);
  url.searchParams.set('duration', '12.5');
  return `${url.pathname}${url.search}`;
}

function get(base: string, path: string): Promise<void> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET', agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`the server answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** CPU µs per delivery of one server over one round. */
async function round(server: { child: ChildProcess; base: string }): Promise<number> {
  const paths = Array.from({ length: deliveries }, () => deliveryPath(server.base));
  const before = serverCpuMicros(server.child.pid!);
  await atConcurrency(32, deliveries, (i) => get(server.base, paths[i]!));
  return (serverCpuMicros(server.child.pid!) - before) / deliveries;
}

try {
  // The first round is the servers' first deliveries, as in a batch's own listener (a fresh process each run).
  const coldListener = await round(servers[0]!);
  const coldBare = await round(servers[1]!);
  if (values.detail) process.stderr.write(`first round: µs CPU per delivery: listener ${coldListener.toFixed(1)}, bare ${coldBare.toFixed(1)}\n`);
  for (const server of servers) await round(server);
  const listenerCpu: number[] = [];
  const bareCpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    listenerCpu.push(await round(servers[0]!));
    bareCpu.push(await round(servers[1]!));
    if (values.detail) process.stderr.write(`round ${r + 1}: µs CPU per delivery: listener ${listenerCpu.at(-1)!.toFixed(1)}, bare ${bareCpu.at(-1)!.toFixed(1)}\n`);
  }
  printFigure(figure('webhook.listenerVsBareHttp', median(listenerCpu), "µs CPU per delivery of core's webhook listener, c=32, warmed (baseline: bare node:http)", median(bareCpu), '<=', 4));
  printFigure(figure('webhook.listenerFirstVsBareHttp', coldListener, `µs CPU per delivery over a fresh listener's first ${deliveries} (baseline: bare node:http, the same)`, coldBare, '<=', 3));
} finally {
  agent.destroy();
  for (const { child } of servers) child.kill('SIGTERM');
  await Promise.all(servers.map(({ child }) => new Promise((resolve) => child.once('exit', resolve))));
}
