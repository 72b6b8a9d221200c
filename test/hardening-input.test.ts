/**
 * Through the real CLI: duplicate JSON keys, empty data files,
 * unknown helpers, damaged journals, `__proto__` rows, dry-run requests with a project pool,
 * row errors naming the data file, binary CSV, the summary's `ok`, and wording.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVsynth } from './run-vsynth.js';
import { testSandbox, type TestSandbox } from './batch-helpers.js';

let dir: string;
const file = (name: string) => join(dir, name);
const MODIFY = { projectId: 'p-template', updates: { title_0: 'Hi {{name}}' } };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-hardening-'));
  await writeFile(file('modify.json'), JSON.stringify(MODIFY));
  await writeFile(file('rows.csv'), 'name,plan\nAna,Pro\nBo,Team\nCy,Pro\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const dryRun = (data: string, extra: readonly string[] = [], template = file('modify.json')) =>
  runVsynth(['batch', '--template', template, '--data', data, '--dry-run', '--events', 'none', ...extra]);

describe('JSON input', () => {
  it('validate refuses a repeated key at the second one, and quotes 1e-999 as written (items 5, 13)', async () => {
    const payload = await readFile('examples/payloads/modify.json', 'utf8');
    await writeFile(file('dup.json'), payload.replace('{', '{\n  "projectId": "first",'));
    const tiny = JSON.parse(payload) as Record<string, unknown>;
    await writeFile(file('tiny.json'), JSON.stringify(tiny, null, 2).replace('{', '{\n  "sizeHint": 1e-999,'));
    const [dup, tinyRun, wording] = await Promise.all([
      runVsynth(['validate', file('dup.json')]),
      runVsynth(['validate', file('tiny.json')]),
      runVsynth(['validate', 'examples/payloads/modify.json', '--kind', 'edit']),
    ]);
    expect(dup.code).toBe(3);
    expect(dup.stderr).toMatch(
      /dup\.json:\d+:3 has the key "projectId" twice in one object \(at projectId\); JSON would keep only the last\. Remove one and try again\./,
    );
    expect(tinyRun.code).toBe(3);
    expect(tinyRun.stderr).toContain(
      'tiny.json:2:15 has the number 1e-999, which a double cannot hold: it would be read as 0.',
    );
    expect(wording.code).toBe(3);
    expect(wording.stderr).toContain('as an edit request (its fields look like a modify request: try --kind modify)');
  });

  it('data rows with a repeated key or a __proto__ key fail with the row and the data file (items 5, 9, 11)', async () => {
    await writeFile(
      file('rows.json'),
      '[{"name": "Ana"}, {"name": "Bo", "name": "Bob"}, {"__proto__": {"admin": true}, "name": "Cy"}]',
    );
    await writeFile(
      file('rows.ndjson'),
      '{"name": "Ana"}\n{"name": "Bo", "plan": 1, "plan": 2}\n{"name": "Cy", "seats": 1e-999}\n',
    );
    const [json, ndjson] = await Promise.all([dryRun(file('rows.json')), dryRun(file('rows.ndjson'))]);
    expect(json.code).toBe(3);
    expect(json.stderr).toContain(
      `✖ the row has the key "name" twice in one object (at name); JSON would keep only the last: remove one\n  → at ${file('rows.json')} row 2`,
    );
    expect(json.stderr).toContain(
      `✖ the row has a key named "__proto__", which cannot name a column; rename it in the file\n  → at ${file('rows.json')} row 3`,
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ rows: 3, ok: 1, failed: 2 });
    expect(ndjson.code).toBe(3);
    expect(ndjson.stderr).toContain(`the row has the key "plan" twice in one object (at plan)`);
    expect(ndjson.stderr).toContain(
      `✖ the row has the number 1e-999, which a double cannot hold: it would be read as 0; write 0 or a number in range\n  → at ${file('rows.ndjson')} row 3`,
    );
  });
});

describe('data files', () => {
  it('an empty file or a CSV header alone is exit 3 "no rows in FILE" unless --allow-empty (item 6)', async () => {
    await writeFile(file('header.csv'), 'name,plan\n');
    await writeFile(file('empty.ndjson'), '');
    await writeFile(file('empty.json'), '[]');
    const runs = await Promise.all([
      dryRun(file('header.csv')),
      dryRun(file('empty.ndjson')),
      dryRun(file('empty.json')),
      dryRun(file('header.csv'), ['--allow-empty']),
    ]);
    for (const [index, name] of ['header.csv', 'empty.ndjson', 'empty.json'].entries()) {
      expect(runs[index]!.code).toBe(3);
      expect(runs[index]!.stderr).toContain(
        `vsynth: no rows in ${file(name)}: the file holds no data row (empty, [], or a CSV header alone). Add rows, or pass --allow-empty to accept an empty batch.`,
      );
    }
    expect(runs[3]!.code).toBe(0);
    expect(JSON.parse(runs[3]!.stdout)).toMatchObject({ rows: 0, ok: 0 });
  });

  it('a binary file given as CSV is "not UTF-8 text" without echoing its bytes (item 11)', async () => {
    const bytes = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), randomBytes(4000)]);
    await writeFile(file('image.csv'), bytes);
    const run = await dryRun(file('image.csv'));
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      `vsynth: ${file('image.csv')} is not UTF-8 text (a binary file, or UTF-16 as some Windows tools write): give a CSV file saved as UTF-8.\n`,
    );
  });

  it('row errors name the data file beside the row and the field (item 11)', async () => {
    await writeFile(file('typo.csv'), 'nme,plan\nAna,Pro\n');
    const run = await dryRun(file('typo.csv'));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `✖ missing variable "name" in updates.title_0: the row has no such column (did you mean "nme"?)\n  → at ${file('typo.csv')} row 1, name · updates.title_0`,
    );
  });
});

describe('templates', () => {
  it('an unknown helper is one template error with "did you mean", not a missing variable per row (item 7)', async () => {
    await writeFile(file('helper.json'), JSON.stringify({ projectId: 'p1', updates: { title_0: 'Hi {{uper name}}' } }));
    const run = await dryRun(file('rows.csv'), [], file('helper.json'));
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      `vsynth: The modify template ${file('helper.json')} cannot be used.\n✖ calls the helper "uper", which does not exist; did you mean "upper"? (helpers: each, if, unless, lookup, with, default, upper, lower, number, date)\n  → at updates.title_0\n`,
    );
  });

  it("a prototype read is reported in our words, without Handlebars' advice to disable the check (item 7)", async () => {
    await writeFile(
      file('proto.json'),
      JSON.stringify({
        projectId: 'p1',
        updates: { title_0: 'Hi {{name.toString}} {{#with name}}{{valueOf}}{{/with}}' },
      }),
    );
    const run = await dryRun(file('rows.csv'), [], file('proto.json'));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      '{{name.toString}} reads "toString", a property every object inherits, not a column or key of this row',
    );
    expect(run.stderr).not.toMatch(/Access has been denied|runtime option|disable/);
  });
});

describe('batch runs', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(async () => {
    await sandbox.dispose();
  });

  it('--dry-run --requests shows the project ids of --project-pool (item 10)', async () => {
    const requests = file('requests.ndjson');
    const run = await dryRun(file('rows.csv'), ['--requests', requests, '--project-pool', 'pool-a,pool-b']);
    expect(run.code, run.stderr).toBe(0);
    const bodies = (await readFile(requests, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { body: { projectId: string } }).body.projectId);
    expect(bodies).toEqual(['pool-a', 'pool-b', 'pool-a']);
  });

  it('a damaged journal on --resume is exit 3, and the summary of a real run counts done rows as ok (items 8, 11)', async () => {
    const base = await sandbox.client.createProject(
      JSON.parse(await readFile('examples/payloads/create-variant-a.json', 'utf8')) as never,
    );
    await writeFile(
      file('real.json'),
      JSON.stringify({ projectId: base.projectId, updates: { title_0: 'Hi {{name}}' } }),
    );
    const journal = file('real.journal.ndjson');
    const env = { VSYNTH_BASE_URL: sandbox.url, VSYNTH_API_KEY: 'sandbox-key' };
    const args = [
      'batch',
      '--template',
      file('real.json'),
      '--data',
      file('rows.csv'),
      '--journal',
      journal,
      '--events',
      'none',
    ];
    const run = await runVsynth(args, { env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ rows: 3, done: 3, ok: 3, failed: 0 });

    const lines = (await readFile(journal, 'utf8')).split('\n');
    lines.splice(2, 0, '{"type": "attempt", broken');
    await writeFile(journal, lines.join('\n'));
    const resumed = await runVsynth([...args, '--resume'], { env });
    expect(resumed.code).toBe(3);
    expect(resumed.stderr).toBe(
      `vsynth: The journal ${journal} is damaged at line 3: not JSON. Move it aside to start over (rows it recorded as done would be sent again).\n`,
    );
  });
});
