/**
 * What receiving the export webhooks costs a batch, in CPU and wall time: the real CLI's batch
 * (`examples/batch/create-per-row/welcome.tsx`, concurrency 32, export rows) with
 * `--collect-webhooks` beside the same batch without it, same run, rounds alternating, each
 * against a fresh sandbox (`--latency 20 --export-seconds 0 --artifact json`, so deliveries arrive
 * while the batch runs). The batch's CPU is its user + system time once it has exited (this
 * process's `cutime` + `cstime` in `/proc/self/stat`, 10 ms ticks). Each round also runs the batch
 * over one row, for the process's start-up. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/webhook-batch-cpu.ts [--rows 3000] [--rounds 3]
 *
 * - `batch.webhookCpuPerRow`: µs CPU per row that collecting the webhooks adds (CPU with − CPU
 *   without, over the rows) beside the CPU per row of the batch without them, start-up left out
 *   (CPU without − CPU of the one-row batch, over the rows less one); median rounds. Aim ≤ 0.7:
 *   0.88 while the listener adapted each request to a Fetch `Request`; 0.52–0.66 with that fixed,
 *   while the sandbox delivered in its four render places; 0.31–0.49 with both fixed.
 * - `batch.webhookWallRatio`: wall seconds of the batch with `--collect-webhooks` (until its last
 *   delivery has come) / without (median rounds; start-up in both). Aim ≤ 1.6: 1.99 while the
 *   sandbox delivered in its four render places (~500 deliveries/s, most after the last row),
 *   1.32 since.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { figure, median, printFigure } from '../figure.js';
import { exitedChildrenCpuMicros } from '../sandbox/server-cpu.js';
import { spawnSandbox, stopSandbox } from '../spawn-sandbox.js';
import { runNode, welcomeBatchArgs, writeCustomers } from '../welcome-batch.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' } } });
const rows = Number(values.rows);
const rounds = Number(values.rounds);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-webhook-batch-'));
try {
  const data = await writeCustomers(join(dir, 'rows.csv'), rows);
  const oneRow = await writeCustomers(join(dir, 'one-row.csv'), 1);
  const cpu: Record<'startUp' | 'plain' | 'collect', number[]> = { startUp: [], plain: [], collect: [] };
  const wallMs: Record<'plain' | 'collect', number[]> = { plain: [], collect: [] };
  for (let round = 0; round < rounds; round++) {
    cpu.startUp.push((await runBatch('plain', oneRow, `${round}-one-row`)).cpu);
    for (const mode of ['plain', 'collect'] as const) {
      const run = await runBatch(mode, data, `${round}-${mode}`);
      cpu[mode].push(run.cpu);
      wallMs[mode].push(run.wallMs);
    }
  }
  const extra = cpu.collect.map((value, i) => (value - cpu.plain[i]!) / rows);
  const plain = cpu.plain.map((value, i) => (value - cpu.startUp[i]!) / (rows - 1));
  const seconds = (values: number[]) => values.map((v) => (v / 1e6).toFixed(2)).join(', ');
  process.stderr.write(`batch CPU s by round: one row ${seconds(cpu.startUp)}; without ${seconds(cpu.plain)}; with --collect-webhooks ${seconds(cpu.collect)}\n`);
  process.stderr.write(`batch wall s by round: without ${seconds(wallMs.plain.map((ms) => ms * 1000))}; with --collect-webhooks ${seconds(wallMs.collect.map((ms) => ms * 1000))}\n`);
  printFigure(figure('batch.webhookCpuPerRow', median(extra), `µs CPU per row that --collect-webhooks adds to a ${rows}-row export batch (baseline: µs CPU per row without, start-up left out)`, median(plain), '<=', 0.7));
  printFigure(figure('batch.webhookWallRatio', median(wallMs.collect) / 1000, `s wall of a ${rows}-row export batch with --collect-webhooks, until its last delivery (baseline: without)`, median(wallMs.plain) / 1000, '<=', 1.6));

  /** Runs the batch against a fresh sandbox: its CPU µs and wall ms. */
  async function runBatch(mode: 'plain' | 'collect', data: string, tag: string): Promise<{ cpu: number; wallMs: number }> {
    const { url, child } = await spawnSandbox(['--data-dir', join(dir, tag), '--latency', '20', '--export-seconds', '0', '--artifact', 'json']);
    try {
      const env = { ...process.env, VSYNTH_BASE_URL: url, VSYNTH_API_KEY: 'sandbox-key' };
      const flags = ['--concurrency', '32', '--journal', join(dir, `${tag}.journal.ndjson`), '--out', join(dir, `${tag}.results.csv`), '--events', 'none'];
      const before = exitedChildrenCpuMicros();
      const started = performance.now();
      const code = await runNode(welcomeBatchArgs(data, ...flags, ...(mode === 'collect' ? ['--collect-webhooks'] : [])), env);
      if (code !== 0) throw new Error(`the batch (${mode}) exited with ${code}`);
      const wall = performance.now() - started;
      const used = exitedChildrenCpuMicros() - before;
      if (mode === 'collect') {
        const results = readFileSync(join(dir, `${tag}.results.csv`), 'utf8');
        const withVideo = results.split('\n').filter((line) => line.includes(',http://')).length;
        if (withVideo < rows) throw new Error(`${tag}: ${withVideo} of ${rows} rows got their webhook`);
      }
      return { cpu: used, wallMs: wall };
    } finally {
      await stopSandbox(child);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
