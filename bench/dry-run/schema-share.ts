/**
 * What a props schema costs a dry run: `runBatch` dry runs (in this process, no CLI start-up) of
 * examples/batch/create-per-row/welcome.tsx over generated rows, once as it is (each row's cells
 * read by the schema's types and parsed by it before the component runs) and once with its
 * `schema` export removed (the row's strings handed to the component as they are). Each round
 * runs both sides back to back (in turns of order); CPU time; the median of the rounds' shares.
 *
 *   node --import tsx bench/dry-run/schema-share.ts [--rows 2000] [--rounds 7]
 *
 * - `dryRun.schemaParseSharePct`: the CPU of `schemaRowProps` (the cells' coercion and the
 *   schema's parse), timed alone over the same rows, in % of the dry run's with the schema (aim ≤ 15).
 * - `dryRun.schemaSharePct`: what the schema adds to the whole dry run, (with − without) ÷ with,
 *   in % (aim ≤ 15). It also holds the garbage the parse leaves, and on a loaded machine the
 *   rounds' own swings (tens of %) outweigh it: read it beside the first figure.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { runBatch } from '@vsynth/batch';
import { importTsx, propsSchemaOf } from '@vsynth/jsx-runtime';
import { loadTemplate, rowsFromFile, schemaRowProps, type BatchTemplate } from '@vsynth/templates';
import { figure, median, printFigure } from '../figure.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '7' } },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const ROOT = new URL('../../', import.meta.url).pathname;
const PLANS = ['Starter', 'Pro', 'Team', 'Enterprise'];
// A full collection before each timed run, so one run does not pay for the garbage of the one before.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// The example and its avatars, in the same layout, beside a copy that does not export its schema.
const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-schema-'));
try {
  const exampleDir = join(dir, 'batch/create-per-row');
  await mkdir(exampleDir, { recursive: true });
  await copyFile(join(ROOT, 'examples/avatars.ts'), join(dir, 'avatars.ts'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const source = await readFile(join(ROOT, 'examples/batch/create-per-row/welcome.tsx'), 'utf8');
  const withSchema = join(exampleDir, 'welcome.tsx');
  const withoutSchema = join(exampleDir, 'welcome-no-schema.tsx');
  await writeFile(withSchema, source);
  const unexported = source.replace('export const schema =', 'const schema =');
  if (unexported === source) throw new Error('welcome.tsx no longer declares `export const schema =`');
  await writeFile(withoutSchema, unexported);
  const csv = join(dir, 'customers.csv');
  const lines = ['name,plan,seats'];
  for (let i = 1; i <= ROWS; i++) lines.push(`Customer ${i},${PLANS[i % 4]},${1 + (i % 250)}`);
  await writeFile(csv, `${lines.join('\n')}\n`);

  const templates = {
    with: (await loadTemplate(withSchema)).template,
    without: (await loadTemplate(withoutSchema)).template,
  };
  const cpuMs = (): number => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const dryRun = async (template: BatchTemplate): Promise<number> => {
    collectGarbage();
    const start = cpuMs();
    const summary = await runBatch({ rows: rowsFromFile(csv), template, dryRun: true });
    if (summary.ok !== ROWS) throw new Error(`the dry run bound ${summary.ok} of ${ROWS} rows`);
    return cpuMs() - start;
  };
  const schema = propsSchemaOf(await importTsx(withSchema), 'welcome.tsx');
  if (schema === undefined) throw new Error('welcome.tsx exports no schema');
  const rows: Record<string, string>[] = [];
  for await (const row of rowsFromFile(csv)) rows.push(row.data as Record<string, string>);
  const schemaOnly = (): number => {
    collectGarbage();
    const start = cpuMs();
    for (const [index, data] of rows.entries()) {
      if (!schemaRowProps(schema, data, index + 1).ok) throw new Error(`row ${index + 1} does not parse`);
    }
    return cpuMs() - start;
  };

  // Warm-up: the first run of each side loads and optimises the compiler.
  await dryRun(templates.with);
  await dryRun(templates.without);
  schemaOnly();
  const withMs: number[] = [];
  const withoutMs: number[] = [];
  const schemaMs: number[] = [];
  const shares: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Each round's two sides run back to back, in turns of order, so a change of load falls on both.
    const first = round % 2 === 0 ? 'with' : 'without';
    const a = await dryRun(templates[first]);
    const b = await dryRun(templates[first === 'with' ? 'without' : 'with']);
    const [withRound, withoutRound] = first === 'with' ? [a, b] : [b, a];
    withMs.push(withRound);
    withoutMs.push(withoutRound);
    shares.push(((withRound - withoutRound) / withRound) * 100);
    schemaMs.push(schemaOnly());
  }
  const perRow = (xs: number[]): number => (median(xs) * 1000) / ROWS;
  const parseShare = (perRow(schemaMs) / perRow(withMs)) * 100;
  process.stderr.write(
    `median CPU per row: dry run with the schema ${perRow(withMs).toFixed(1)} µs, without ` +
      `${perRow(withoutMs).toFixed(1)} µs; schemaRowProps alone ${perRow(schemaMs).toFixed(1)} µs ` +
      `(${parseShare.toFixed(1)} % of the run with it); per-round shares ${shares.map((x) => x.toFixed(1)).join(', ')} %\n`,
  );
  const common = `create-per-row/welcome.tsx, ${ROWS} rows; with ${perRow(withMs).toFixed(0)} µs/row, without ${perRow(withoutMs).toFixed(0)} µs/row`;
  printFigure(
    figure(
      'dryRun.schemaParseSharePct',
      parseShare,
      `% of the dry run's CPU per row spent in schemaRowProps (cells coerced, schema parsed), timed alone over the same rows (${common})`,
      null,
      '<=',
      15,
    ),
  );
  printFigure(
    figure(
      'dryRun.schemaSharePct',
      median(shares),
      `% of the dry run's CPU per row the schema adds, with vs. without, median of ${ROUNDS} paired rounds (${common}); moves with the load`,
      null,
      '<=',
      15,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
