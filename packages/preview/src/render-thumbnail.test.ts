import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidationError } from '@vsynth/core';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from './png/decode-png.js';
import { colourAt } from './png/test-find-pixels.js';
import { renderThumbnail } from './render-thumbnail.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const scene = (colour: string) => ({
  sceneIdx: 0,
  background: { source_type: 'color', source_color: colour },
  clips: [],
});

describe('renderThumbnail', () => {
  it('writes the first scene only, at a quarter of the canvas by default', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-thumb-'));
    dirs.push(dir);
    const out = join(dir, 'rows', 'row-1.png');
    const thumbnail = await renderThumbnail({ scenes: [scene('#ff0000'), scene('#00ff00')] }, { out });
    expect(thumbnail).toEqual({ path: out, width: 480, height: 270, warnings: [] });
    const png = decodePng(await readFile(out));
    expect([png.width, png.height]).toEqual([480, 270]);
    expect(colourAt(png, 10, 10)).toEqual([255, 0, 0, 255]);
    const portrait = await renderThumbnail(
      { orientation: 'portrait', scenes: [scene('#0000ff')] },
      { out: join(dir, 'p.png'), scale: 0.1 },
    );
    expect([portrait.width, portrait.height]).toEqual([108, 192]);
  });

  it('rejects a payload without scenes', async () => {
    await expect(renderThumbnail({ scenes: [] }, { out: join(tmpdir(), 'never.png') })).rejects.toSatisfy(
      isValidationError,
    );
  });
});
