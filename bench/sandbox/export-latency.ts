/**
 * How long the sandbox takes to answer creates that export at once, one at a time, while it draws
 * their previews (`--artifact preview --latency 20 --export-seconds 0`, the real CLI in a child
 * process), optionally beside `--busy N` processes spinning on the CPU, as on a busy machine. A
 * diagnostic for the render thread's priority: prints the answer times' median, p90, p99 and worst
 * (the first 50 left out while the processes warm up).
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/export-latency.ts [--creates 400] [--busy 2]
 */
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from '../figure.js';
import { spawnSandbox, stopSandbox } from '../spawn-sandbox.js';
import { postJson } from './post-json.js';

const { values } = parseArgs({ options: { creates: { type: 'string', default: '400' }, busy: { type: 'string', default: '0' } } });
const creates = Number(values.creates);
const WARM_UP = 50;

const payload = JSON.parse(await readFile('examples/payloads/create-variant-a.json', 'utf8')) as Record<string, unknown>;
delete payload['webhookUrl'];
payload['isExport'] = true;
const body = JSON.stringify(payload);

const busy = Array.from({ length: Number(values.busy) }, () => spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
const dir = await mkdtemp(join(tmpdir(), 'vsynth-export-latency-'));
const { url, child } = await spawnSandbox(['--data-dir', dir, '--latency', '20', '--export-seconds', '0', '--artifact', 'preview']);
const agent = new Agent({ keepAlive: true });
try {
  const target = new URL('/api/odin/v3/editor/project', url);
  const answered: number[] = [];
  for (let i = 0; i < creates; i++) {
    const started = performance.now();
    await postJson(target, agent, body);
    answered.push(performance.now() - started);
  }
  const measured = answered.slice(WARM_UP);
  const at = (share: number) => percentile(measured, share).toFixed(1);
  process.stdout.write(`${measured.length} export creates, one at a time, ${busy.length} busy processes beside: median ${at(0.5)} ms, p90 ${at(0.9)}, p99 ${at(0.99)}, worst ${at(1)}\n`);
} finally {
  agent.destroy();
  for (const spinner of busy) spinner.kill();
  await stopSandbox(child);
  await rm(dir, { recursive: true, force: true });
}
