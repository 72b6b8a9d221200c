/**
 * A 200-row CSV through a TSX template with a props schema: three bad cells fail the dry run naming
 * row, column and reason with nothing sent; fixed, a real run against the sandbox sends all 200,
 * each carrying its own row's props.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, ledger, sandboxEnv, spawnCli, testSandbox, type TestSandbox } from './batch-helpers.js';

const WELCOME = join(ROOT, 'examples/batch/create-per-row/welcome.tsx');
const PLANS = ['Starter', 'Pro', 'Team', 'Enterprise'] as const;

/** Row N: `Customer N`, a plan in turn, N seats; `bad` replaces cells of some rows. */
function csv(bad: Readonly<Record<number, { plan?: string; seats?: string }>> = {}): string {
  const lines = ['name,plan,seats'];
  for (let row = 1; row <= 200; row++) {
    const plan = bad[row]?.plan ?? PLANS[row % 4];
    lines.push(`Customer ${row},${plan},${bad[row]?.seats ?? row}`);
  }
  return `${lines.join('\n')}\n`;
}

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('vsynth batch with a TSX template that exports a schema, 200 rows', { timeout: 60_000 }, () => {
  it('dry-runs three bad cells to exit 3 naming row, column and reason, sending nothing; fixed, sends 200', async () => {
    sandbox = await testSandbox();
    const data = join(sandbox.dir, 'customers.csv');
    await writeFile(data, csv({ 17: { seats: 'twelve' }, 88: { plan: 'Gold' }, 150: { seats: '0' } }));
    const dry = spawnCli(
      ['batch', '--template', WELCOME, '--data', data, '--dry-run', '--events', 'none'],
      sandboxEnv(sandbox),
    );
    expect(await dry.exited).toBe(3);
    const problems = dry.output.stderr.split('\n').filter((line) => line.startsWith('✖') || line.startsWith('  →'));
    expect(problems).toEqual([
      '✖ column "seats": must be a number, received "twelve"',
      `  → at ${data} row 17 · seats`,
      '✖ column "plan": must be one of "Starter", "Pro", "Team", "Enterprise", received "Gold"',
      `  → at ${data} row 88 · plan`,
      '✖ column "seats": must be greater than 0, received 0',
      `  → at ${data} row 150 · seats`,
    ]);
    expect(JSON.parse(dry.output.stdout)).toMatchObject({ rows: 200, ok: 197, failed: 3, submitted: 0 });
    expect(await ledger(sandbox.url)).toEqual([]);

    await writeFile(data, csv());
    const run = spawnCli(['batch', '--template', WELCOME, '--data', data, '--events', 'none'], sandboxEnv(sandbox));
    expect(await run.exited).toBe(0);
    expect(JSON.parse(run.output.stdout)).toMatchObject({ rows: 200, ok: 200, failed: 0, submitted: 200 });
    const created = (await ledger(sandbox.url)).filter(
      (entry) => entry.endpoint === 'POST /api/odin/v3/editor/project',
    );
    expect(created).toHaveLength(200);
    // Every row's props reach its own payload: the name from its cell, the plan and the seats as a number.
    const byName = new Map(created.map((entry) => [entry.body['name'], entry.body]));
    expect(byName.size).toBe(200);
    for (let row = 1; row <= 200; row++) {
      const body = byName.get(`Welcome Customer ${row}`) as { scenes: { scripts: { org: string }[] }[] } | undefined;
      expect(body?.scenes[0]?.scripts[0]?.org).toBe(
        `Welcome aboard, Customer ${row}! Your ${PLANS[row % 4]} plan with ${row} seats is ready.`,
      );
    }
  });
});
