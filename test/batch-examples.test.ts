import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBatch } from '@vsynth/batch';
import { loadTemplate, rowsFromFile } from '@vsynth/templates';
import { ROOT, ledger, modifiesByHeadline, readNdjson, testSandbox, type TestSandbox } from './batch-helpers.js';

const CREATE_PER_ROW = join(ROOT, 'examples/batch/create-per-row');

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('examples/batch', () => {
  it('build-script.ts compiles, binds and runs the greeting batch as a library and writes the results', async () => {
    sandbox = await testSandbox();
    const out = join(sandbox.dir, 'greeting-results.ndjson');
    const child = spawn(
      process.execPath,
      ['--conditions=@vsynth/source', '--import', 'tsx', join(ROOT, 'examples/batch/build-script.ts'), out, '3'],
      {
        cwd: ROOT,
        env: { ...process.env, VSYNTH_BASE_URL: sandbox.url, VSYNTH_API_KEY: 'sandbox-key' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as { pool: string[]; done: number; cubes: number };
    expect(summary).toMatchObject({ done: 50, failed: 0, unknown: 0 });
    const entries = await ledger(sandbox.url);
    const counts = modifiesByHeadline(entries);
    expect(counts.size).toBe(50);
    expect(
      new Set(entries.filter((e) => e.endpoint === 'POST /api/odin/v3/project/modify').map((e) => e.projectId)),
    ).toEqual(new Set(summary.pool));
    expect(summary.cubes).toBe(entries.reduce((sum, e) => sum + e.cubes, 0));
    const results = await readNdjson(out);
    expect(results.map((r) => r['rowKey'])).toContain('user11@example.com');
    expect(results.every((r) => r['status'] === 'done' && typeof r['projectId'] === 'string')).toBe(true);
  });

  it('create-per-row/welcome.tsx compiles each row to its own create payload', async () => {
    sandbox = await testSandbox();
    const { template } = await loadTemplate(join(CREATE_PER_ROW, 'welcome.tsx'));
    const summary = await runBatch({
      rows: rowsFromFile(join(CREATE_PER_ROW, 'customers.csv')),
      template,
      client: sandbox.client,
      concurrency: 3,
    });
    expect(summary).toMatchObject({ rows: 5, done: 5, failed: 0 });
    const creates = (await ledger(sandbox.url)).filter((e) => e.endpoint === 'POST /api/odin/v3/editor/project');
    expect(creates.map((e) => e.body['name']).sort()).toEqual([
      'Welcome Acme & Sons',
      'Welcome Café 🎉',
      'Welcome Smith, Jones',
      'Welcome Zoë "Z" Müller',
      'Welcome 北京科技',
    ]);
    expect(summary.cubes).toBe(creates.reduce((sum, e) => sum + e.cubes, 0));
  });

  it('create-per-row/legacy.json binds a legacy payload template per row and reports cube_used', async () => {
    sandbox = await testSandbox();
    const { template } = await loadTemplate(join(CREATE_PER_ROW, 'legacy.json'));
    const out = join(sandbox.dir, 'legacy.ndjson');
    const summary = await runBatch({
      rows: rowsFromFile(join(CREATE_PER_ROW, 'customers.csv')),
      template,
      client: sandbox.client,
      results: out,
    });
    expect(summary).toMatchObject({ done: 5, failed: 0 });
    expect(summary.warnings.map((w) => w.message)).toEqual([
      'The legacy payload template examples/batch/create-per-row/legacy.json does not use column "seats".'.replace(
        'examples',
        join(ROOT, 'examples'),
      ),
    ]);
    const creates = (await ledger(sandbox.url)).filter((e) => e.endpoint === 'POST /api/odin/editor/project');
    const scripts = creates
      .map((e) => (e.body['scenes'] as { AIModel: { script: string } }[])[0]!.AIModel.script)
      .sort();
    expect(scripts).toContain('Hi Acme & Sons! Your Pro plan starts today.');
    const results = await readNdjson(out);
    expect(
      results.every(
        (r) =>
          typeof r['projectKey'] === 'string' && r['cubes'] === creates.find((e) => e.key === r['projectKey'])?.cubes,
      ),
    ).toBe(true);
  });
});
