import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUsageError } from '@vsynth/core';
import { loadFontCatalog } from '@vsynth/preview';
import { afterAll, describe, expect, it } from 'vitest';
import { rowPreviewName, rowPreviews } from './batch-preview.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const title = (text: string) => ({
  id: 't',
  type: 'textImage',
  tag: 'title',
  layer: 1,
  left: 100,
  top: 100,
  width: 800,
  height: 100,
  text,
  fontSize: 60,
  fill: '#000000',
});
const base = {
  scenes: [
    {
      sceneIdx: 0,
      scripts: [{ org: 'Hi' }],
      background: { source_type: 'color', source_color: '#ffffff' },
      clips: [title('Hello!')],
    },
  ],
};

describe('rowPreviews', () => {
  it('draws the first N rows only, and reports each problem once with its rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-row-previews-'));
    dirs.push(dir);
    const previews = await rowPreviews({ dir, rows: 4, kind: 'modify', base, baseDir: dir });
    previews.add(1, { kind: 'modify', body: { projectId: 'p', updates: { title: 'Hello Ana!' } } });
    previews.add(2, { kind: 'modify', body: { projectId: 'p', updates: { title_3: 'Hello José!' } } });
    previews.add(3, { kind: 'modify', body: { projectId: 'p', updates: { title_3: 'Hello Zoë!' } } });
    previews.add(5, { kind: 'modify', body: { projectId: 'p', updates: { title: 'Hello Kim!' } } });
    const { paths, warnings } = await previews.finish();
    expect(paths).toEqual([join(dir, 'row-0001.png')]);
    expect(await readdir(dir)).toEqual(['row-0001.png']);
    // A title without a fontFamily is drawn in the preview's default family, Noto Sans CJK (.ci/run installs it).
    const defaultFontMissing = loadFontCatalog().resolveFamily('Noto Sans CJK') === undefined;
    expect(warnings).toEqual([
      '⚠ Row not drawn: Update key "title_3" addresses title clip 3, but the project has 1 clip tagged "title"; is --slots-from the base video of this template?\n  → in the preview of rows 2, 3',
      ...(defaultFontMissing
        ? [
            '⚠ Font family "Noto Sans CJK" is not installed: drawn with DejaVu Sans; install fonts-noto-cjk (Debian/Ubuntu) or pass fontDirs\n  → at scenes[0].clips[0].fontFamily\n  → in the preview of row 1',
          ]
        : []),
    ]);
  });

  it('says why a create row could not be drawn', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-row-previews-'));
    dirs.push(dir);
    const previews = await rowPreviews({ dir, rows: 10, kind: 'create', baseDir: dir });
    previews.add(7, { kind: 'create', body: { name: 'x', scenes: [] } });
    const { paths, warnings } = await previews.finish();
    expect(paths).toEqual([]);
    expect(warnings).toEqual([
      '⚠ Row not drawn: The payload has no scenes: nothing to draw a thumbnail of\n  → in the preview of row 7',
    ]);
  });

  it('refuses a modify template without its base video', async () => {
    await expect(rowPreviews({ dir: tmpdir(), rows: 1, kind: 'modify', baseDir: '.' })).rejects.toSatisfy(isUsageError);
    expect(rowPreviewName(12)).toBe('row-0012.png');
  });
});
