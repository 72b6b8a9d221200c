import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVsynth } from './run-vsynth.js';

let dir: string;
let args: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-rename-'));
  const template = join(dir, 'modify.json');
  await writeFile(template, JSON.stringify({ projectId: 'p-base', updates: { title_0: '{{city}} to {{city2}}' } }));
  await writeFile(join(dir, 'trips.csv'), 'name,city,city\r\nAna,Lisbon,Porto\r\nBo,Oslo,Bergen\r\n');
  args = ['batch', '--template', template, '--data', join(dir, 'trips.csv'), '--dry-run', '--events', 'none'];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('vsynth batch --rename', () => {
  it('says how to tell apart two columns of one name, and renames one by its position', async () => {
    const refused = await runVsynth(args);
    expect(refused.stderr).toContain(
      'the header names "city" (cells 2 and 3) more than once; rename one by its position (--rename "#3=city2")',
    );
    expect(refused.code).toBe(3);

    const byName = await runVsynth([...args, '--rename', 'city=city2']);
    expect(byName.stderr).toContain(
      'a rename of "city" matches header cells 2 and 3; rename one by its position instead (--rename "#3=city2")',
    );
    expect(byName.code).toBe(3);

    const requests = join(dir, 'requests.ndjson');
    const renamed = await runVsynth([...args, '--rename', '#3=city2', '--requests', requests]);
    expect(renamed.code).toBe(0);
    const titles = (await readFile(requests, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { body: { updates: { title_0: string } } }).body.updates.title_0);
    expect(titles).toEqual(['Lisbon to Porto', 'Oslo to Bergen']);
  });

  it('names the right line of a CRLF and a CR file, and the fields found and expected', async () => {
    const template = args[2]!;
    for (const [name, end] of [
      ['crlf.csv', '\r\n'],
      ['cr.csv', '\r'],
    ] as const) {
      const data = join(dir, name);
      const lines = ['name,city,city2', 'Ana,Lisbon,Porto', '', 'Bo,"Oslo,Bergen', 'Cy,Rome,Milan', ''];
      await writeFile(data, lines.join(end));
      const broken = await runVsynth([
        'batch',
        '--template',
        template,
        '--data',
        data,
        '--dry-run',
        '--events',
        'none',
      ]);
      expect(broken.stderr).toContain('in the record starting on line 4, a quoted field is never closed');
      expect(broken.code).toBe(3);
    }
    const short = join(dir, 'short.csv');
    await writeFile(short, 'name,city,city2\r\nAna,Lisbon\r\n');
    const counted = await runVsynth([
      'batch',
      '--template',
      template,
      '--data',
      short,
      '--dry-run',
      '--events',
      'none',
    ]);
    expect(counted.stderr).toContain('the record ending on line 2 has 2 fields where the header has 3');
    expect(counted.code).toBe(3);
  });
});
