/**
 * `vsynth batch --dry-run --preview DIR`: the real CLI on examples/batch writes one thumbnail per
 * row for the first N rows, with the row's data drawn where the template puts it.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileFile } from '@vsynth/jsx-runtime';
import { decodePng, renderThumbnail, type DecodedPng } from '@vsynth/preview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT as ROOT, runVsynth, type VsynthRun as Run } from './run-vsynth.js';

const greeting = 'examples/batch/greeting';
let dir: string;
let create: Run;
let modify: Run;
// Both batches run at once (each CLI start compiles TSX; the file stays well under 15 s).
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-batch-preview-'));
  [create, modify] = await Promise.all([
    vsynth([
      'batch',
      '--template',
      'examples/batch/create-per-row/welcome.tsx',
      '--data',
      'examples/batch/create-per-row/customers.csv',
      '--dry-run',
      '--preview',
      join(dir, 'create'),
      '--preview-rows',
      '2',
      '--events',
      'none',
    ]),
    vsynth([
      'batch',
      '--template',
      `${greeting}/modify.json`,
      '--slots-from',
      `${greeting}/video.tsx`,
      '--data',
      `${greeting}/people.csv`,
      '--dry-run',
      '--preview',
      join(dir, 'modify'),
      '--preview-rows',
      '3',
      '--events',
      'none',
    ]),
  ]);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

function vsynth(args: string[]): Promise<Run> {
  return runVsynth(args);
}

/** Bounding box of the pixels that differ between two images of one size, and their count. */
function difference(
  a: DecodedPng,
  b: DecodedPng,
): { left: number; top: number; right: number; bottom: number; count: number } {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, count: 0 };
  for (let i = 0; i < a.pixels.length; i += 4) {
    if (Math.max(...[0, 1, 2].map((c) => Math.abs((a.pixels[i + c] ?? 0) - (b.pixels[i + c] ?? 0)))) <= 8) continue;
    const x = (i / 4) % a.width;
    const y = Math.floor(i / 4 / a.width);
    box.count++;
    box.left = Math.min(box.left, x);
    box.right = Math.max(box.right, x);
    box.top = Math.min(box.top, y);
    box.bottom = Math.max(box.bottom, y);
  }
  return box;
}

const png = async (path: string) => decodePng(await readFile(path));

describe('vsynth batch --dry-run --preview', () => {
  it('draws the first N rows of a create-per-row TSX template, each with its own data and nothing else changed', async () => {
    const out = join(dir, 'create');
    const run = create;
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ rows: 5, ok: 5, failed: 0 });
    expect(await readdir(out)).toEqual(['row-0001.png', 'row-0002.png']);
    expect(run.stderr).toContain(`vsynth: 2 row previews in ${out} (row-0001.png, row-0002.png)`);
    // The unreachable background is one warning for both rows, not one per row.
    expect(
      run.stderr.match(/Background image "https:\/\/cdn\.example\.com\/backgrounds\/studio-blue\.jpg" not drawn/g),
    ).toHaveLength(1);
    expect(run.stderr).toContain('→ in the preview of rows 1, 2');

    const [first, second] = [await png(join(out, 'row-0001.png')), await png(join(out, 'row-0002.png'))];
    expect([first.width, first.height]).toEqual([480, 270]);
    // "Welcome, Acme & Sons" and "Welcome, Zoë "Z" Müller": the rows differ in the title only,
    // which the template puts in the upper left (x -0.22, y -0.3 of the canvas centre).
    const changed = difference(first, second);
    expect(changed.count).toBeGreaterThan(100);
    expect(changed.right).toBeLessThan(240);
    expect(changed.bottom).toBeLessThan(90);
  });

  it("draws a modify template over the --slots-from video with each row's updates applied", async () => {
    const out = join(dir, 'modify');
    const run = modify;
    expect(run.code, run.stderr).toBe(0);
    expect(await readdir(out)).toEqual(['row-0001.png', 'row-0002.png', 'row-0003.png']);

    // The base video as it is, drawn the same way: a row changes the headline ("Hello!" → "Hello Ana!") and nothing
    // else.
    const base = join(dir, 'base.png');
    await renderThumbnail((await compileFile(join(ROOT, greeting, 'video.tsx'))).payload, { out: base, timeoutMs: 1 });
    const headline = difference(await png(base), await png(join(out, 'row-0001.png')));
    expect(headline.count).toBeGreaterThan(100);
    expect(headline.right).toBeLessThan(240);
    expect(headline.bottom).toBeLessThan(90);
    expect(
      difference(await png(join(out, 'row-0001.png')), await png(join(out, 'row-0002.png'))).count,
    ).toBeGreaterThan(100);
  });

  it('refuses what it cannot draw, before any row is bound (exit 2)', async () => {
    const rawKeys = join(dir, 'raw-modify.json');
    await writeFile(rawKeys, JSON.stringify({ projectId: 'p1', updates: { title_0: 'Hello {{firstName}}' } }));
    const data = 'examples/batch/greeting/people.csv';
    const [noBase, notDry, rowsAlone, intoFile] = await Promise.all([
      vsynth([
        'batch',
        '--template',
        rawKeys,
        '--data',
        data,
        '--dry-run',
        '--preview',
        join(dir, 'never'),
        '--events',
        'none',
      ]),
      vsynth(['batch', '--template', rawKeys, '--data', data, '--preview', join(dir, 'never'), '--events', 'none']),
      vsynth(['batch', '--template', rawKeys, '--data', data, '--dry-run', '--preview-rows', '3', '--events', 'none']),
      vsynth([
        'batch',
        '--template',
        'examples/batch/create-per-row/welcome.tsx',
        '--data',
        'examples/batch/create-per-row/customers.csv',
        '--dry-run',
        '--preview',
        rawKeys,
        '--events',
        'none',
      ]),
    ]);
    expect(noBase.code).toBe(2);
    expect(noBase.stderr).toContain(
      'a modify template only lists changes to a project stored by the service: pass --slots-from video.tsx (the base video)',
    );
    expect(notDry.code).toBe(2);
    expect(notDry.stderr).toContain('--preview only applies with --dry-run.');
    expect(rowsAlone.code).toBe(2);
    expect(rowsAlone.stderr).toContain('--preview-rows needs --preview DIR.');
    expect(intoFile.code).toBe(2);
    expect(intoFile.stderr).toContain(
      `Cannot create the output directory ${rawKeys}: a file of that name is in the way.`,
    );
    expect(intoFile.stdout).toBe('');
    await expect(readdir(join(dir, 'never'))).rejects.toThrow();
  });
});
