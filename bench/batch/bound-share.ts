/**
 * How close a batch comes to the most a service's latency allows: `runBatch` (modify template,
 * concurrency 32, fsync journal, results file, rows from a CSV) against a stand-in service that
 * answers every request after 200 ms and after 20 ms (`slow-service.ts`, own processes). The
 * bound is concurrency ÷ latency: 160 rows/s at 200 ms, 1,600 at 20 ms. Beside each batch, in the
 * same rounds, a bare ky loop posts the same bodies at the same concurrency: what the HTTP client
 * alone reaches on this machine. The 200 ms batch is 1,600 rows (10 s at the bound): its first
 * 32 requests leave together and take a second or two to spread out, which a run of a few seconds
 * would mostly measure. Prints `bench/figure.ts` lines:
 *
 *   node --import tsx bench/batch/bound-share.ts [--slow-rows 1600] [--fast-rows 3200] [--rounds 2]
 *
 * - `batch.boundShare200ms`: rows/s at 200 ms over the bound (aim ≥ 0.95).
 * - `batch.boundShare20ms`: rows/s at 20 ms over the bound (aim ≥ 0.6).
 * - `batch.bareKyShare20ms`, `batch.bareKyShare200ms`: the bare ky loop's rows/s over the bound (information).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatch } from '@vsynth/batch';
import { createClient } from '@vsynth/core';
import { modifyTemplate, rowsFromFile } from '@vsynth/templates';
import { figure, median, printFigure } from '../figure.js';
import { spawnServer, stopServer } from '../spawn-sandbox.js';
import { fiveFieldRow, writeFiveFieldCsv } from '../five-field-rows.js';
import { FIVE_FIELD_MODIFY } from '../five-field-template.js';
import { importDependency } from '../workspace-dependency.js';
import { bareKyLoop, type KyModule } from './bare-ky-loop.js';

const { values } = parseArgs({
  options: {
    'slow-rows': { type: 'string', default: '1600' },
    'fast-rows': { type: 'string', default: '3200' },
    rounds: { type: 'string', default: '2' },
  },
});
const slowRows = Number(values['slow-rows']);
const fastRows = Number(values['fast-rows']);
const rounds = Number(values.rounds);
const CONCURRENCY = 32;
const bound = (latencyMs: number) => (CONCURRENCY * 1000) / latencyMs;

const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-bound-share-'));
const slow = await spawnServer(['bench/batch/slow-service.ts', '--latency', '200']);
const fast = await spawnServer(['bench/batch/slow-service.ts', '--latency', '20']);
try {
  const slowCsv = join(dir, 'slow.csv');
  const fastCsv = join(dir, 'fast.csv');
  await writeFiveFieldCsv(slowCsv, slowRows);
  await writeFiveFieldCsv(fastCsv, fastRows);
  // A pool as large as the concurrency: no row waits for another's project.
  const pool = Array.from({ length: CONCURRENCY }, (_, i) => `p-base-${i}`);
  const template = modifyTemplate(FIVE_FIELD_MODIFY);
  const bodies = Array.from({ length: Math.max(slowRows, fastRows) }, (_, i) => {
    const result = template.bind(fiveFieldRow(i), i + 1);
    if (!result.ok) throw new Error(`row ${i + 1} did not bind`);
    return { ...result.request.body, projectId: pool[i % pool.length] };
  });
  const { default: ky } = await importDependency<{ default: KyModule }>('core', 'ky');

  let run = 0;
  /** Rows per second of one batch over `csv` against the service at `url`. */
  const batch = async (url: string, csv: string, count: number): Promise<number> => {
    run += 1;
    const client = createClient({ baseUrl: url, apiKey: 'bench-key' });
    const started = performance.now();
    const summary = await runBatch({
      rows: rowsFromFile(csv),
      template,
      client,
      concurrency: CONCURRENCY,
      projectPool: pool,
      journal: join(dir, `journal-${run}.ndjson`),
      results: join(dir, `results-${run}.csv`),
      secrets: [],
    });
    if (summary.done !== count) throw new Error(`only ${summary.done} of ${count} rows done`);
    return count / ((performance.now() - started) / 1000);
  };
  const bare = (url: string, count: number) => bareKyLoop(ky, url, bodies.slice(0, count), CONCURRENCY);

  // Warm-up of the code paths, not measured.
  await batch(fast.url, fastCsv, fastRows);
  await bare(fast.url, fastRows);
  const slowRates: number[] = [];
  const fastRates: number[] = [];
  const bareRates: number[] = [];
  const bareSlowRates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    slowRates.push(await batch(slow.url, slowCsv, slowRows));
    fastRates.push(await batch(fast.url, fastCsv, fastRows));
    bareRates.push(await bare(fast.url, fastRows));
    bareSlowRates.push(await bare(slow.url, slowRows));
  }
  const rates = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  process.stderr.write(
    `rows/s by round: 200 ms ${rates(slowRates)}; 20 ms ${rates(fastRates)}; bare ky 20 ms ${rates(bareRates)}; ` +
      `bare ky 200 ms ${rates(bareSlowRates)}\n`,
  );
  const unit = (rows: number, what: string) =>
    `rows/s, ${rows.toLocaleString('en-US')} rows, c=${CONCURRENCY}, ${what} (baseline: concurrency/latency bound)`;
  printFigure(
    figure(
      'batch.boundShare200ms',
      median(slowRates),
      unit(slowRows, 'runBatch, 200 ms service'),
      bound(200),
      '>=',
      0.95,
    ),
  );
  printFigure(
    figure('batch.boundShare20ms', median(fastRates), unit(fastRows, 'runBatch, 20 ms service'), bound(20), '>=', 0.6),
  );
  printFigure(
    figure(
      'batch.bareKyShare20ms',
      median(bareRates),
      unit(fastRows, 'bare ky loop, 20 ms service'),
      bound(20),
      '>',
      0,
    ),
  );
  printFigure(
    figure(
      'batch.bareKyShare200ms',
      median(bareSlowRates),
      unit(slowRows, 'bare ky loop, 200 ms service'),
      bound(200),
      '>',
      0,
    ),
  );
} finally {
  await Promise.all([stopServer(slow.child), stopServer(fast.child)]);
  await rm(dir, { recursive: true, force: true });
}
