/**
 * A build script using the vsynth packages as a library (no CLI): compile the greeting video,
 * create base projects, bind every row of people.csv through the modify template, run the batch
 * with a journal, and write the results.
 *
 * With `pnpm vsynth sandbox` running (port 4010) in another terminal:
 *
 *   VSYNTH_BASE_URL=http://127.0.0.1:4010 VSYNTH_API_KEY=sandbox-key \
 *     node --conditions=@vsynth/source --import tsx examples/batch/build-script.ts /tmp/greeting-results.csv
 *
 * Arguments: results file (default ./greeting-results.csv), base projects (default 3).
 * Prints the summary as JSON; exits 0 when every row is done, 6 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createClient, type ProjectCreateRequest } from '@vsynth/core';
import { compileFile } from '@vsynth/jsx-runtime';
import { runBatch } from '@vsynth/batch';
import { modifyTemplate, rowsFromFile } from '@vsynth/templates';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const resultsFile = process.argv[2] ?? 'greeting-results.csv';
const poolSize = Number(process.argv[3] ?? 3);

// createClient reads VSYNTH_BASE_URL and VSYNTH_API_KEY (or a token / app credentials) from the environment.
const client = createClient();

// 1. Compile the video once: the payload becomes the base projects, the slot map resolves the template's keys.
const { payload, slots } = await compileFile(here('greeting/video.tsx'));
const pool: string[] = [];
for (let i = 0; i < poolSize; i++)
  pool.push((await client.createProject({ ...(payload as ProjectCreateRequest), isExport: false })).projectId);

// 2. Compile the modify template once; each row is bound and validated as the batch reads it.
const template = modifyTemplate(JSON.parse(await readFile(here('greeting/modify.json'), 'utf8')), {
  slots,
  name: 'greeting/modify.json',
});

// 3. Run the batch: rows spread over the pool, never two modifies of one project at once.
const summary = await runBatch({
  rows: rowsFromFile(here('greeting/people.csv')),
  template,
  client,
  projectPool: pool,
  concurrency: poolSize,
  keyColumn: 'email',
  journal: `${resultsFile}.journal.ndjson`,
  results: resultsFile,
  estimate: { base: payload },
});

process.stdout.write(`${JSON.stringify({ pool, ...summary, warnings: summary.warnings.length })}\n`);
process.exitCode = summary.failed + summary.unknown === 0 ? 0 : 6;
