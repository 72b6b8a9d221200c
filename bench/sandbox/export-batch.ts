/**
 * A batch of export rows (`examples/batch/create-per-row/welcome.tsx`, real CLI, concurrency 32)
 * against a sandbox drawing preview artifacts (`--artifact preview`: MP4 drafts with ffmpeg, else
 * contact sheets) beside the same batch against a sandbox serving the project JSON (`--artifact
 * json`), same run, rounds alternating, each sandbox fresh (`--latency 20 --export-seconds 0`, so
 * drafts are drawn while the batch runs). Rows/s are taken from the sandbox's ledger, first to
 * last accepted create, so process start-up is not counted. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/export-batch.ts [--rows 3000] [--rounds 2]
 *
 * - `sandbox.previewVsJsonBatch`: rows/s with preview artifacts / rows/s with JSON artifacts
 *   (median rounds; aim ≥ 0.8, set after measuring: 0.53–0.58 while drafts were drawn on the thread
 *   answering requests, 0.85–0.93 in a thread of their own at nice 19, the rest being that
 *   thread's and ffmpeg's CPU on the two cores; the same at nice 10, the thread's priority since
 *   the seventeenth pass of issue 11).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { figure, median, printFigure } from '../figure.js';
import { spawnSandbox, stopSandbox } from '../spawn-sandbox.js';
import { runNode, welcomeBatchArgs, writeCustomers } from '../welcome-batch.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '2' } } });
const rows = Number(values.rows);
const rounds = Number(values.rounds);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-export-batch-'));
try {
  const data = await writeCustomers(join(dir, 'rows.csv'), rows);
  const perSecond: Record<'preview' | 'json', number[]> = { preview: [], json: [] };
  for (let round = 0; round < rounds; round++) {
    for (const artifact of ['preview', 'json'] as const) perSecond[artifact].push(await batchRowsPerSecond(artifact, `${round}-${artifact}`));
  }
  process.stderr.write(`rows/s by round: preview ${perSecond.preview.map((v) => v.toFixed(0)).join(', ')}; json ${perSecond.json.map((v) => v.toFixed(0)).join(', ')}\n`);
  printFigure(figure('sandbox.previewVsJsonBatch', median(perSecond.preview), `rows/s of a ${rows}-row export batch, c=32, sandbox drawing previews (baseline: serving JSON)`, median(perSecond.json), '>=', 0.8));

  async function batchRowsPerSecond(artifact: 'preview' | 'json', tag: string): Promise<number> {
    const { url, child } = await spawnSandbox(['--data-dir', join(dir, tag), '--latency', '20', '--export-seconds', '0', '--artifact', artifact]);
    try {
      const env = { ...process.env, VSYNTH_BASE_URL: url, VSYNTH_API_KEY: 'sandbox-key' };
      const code = await runNode(
        welcomeBatchArgs(data, '--concurrency', '32', '--journal', join(dir, `${tag}.journal.ndjson`), '--out', join(dir, `${tag}.results.csv`), '--events', 'none'),
        env,
      );
      if (code !== 0) throw new Error(`the batch against the ${artifact} sandbox exited with ${code}`);
      const response = await fetch(`${url}/sandbox/ledger`, { headers: { authorization: 'sandbox-key' } });
      const times = ((await response.json()) as { entries: { time: string }[] }).entries.map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
      if (times.length !== rows) throw new Error(`${tag}: ${times.length} of ${rows} rows accepted`);
      return (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
    } finally {
      await stopSandbox(child);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
