import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodePng, drawScenes } from '@vsynth/preview';

const example = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(new URL(`../examples/payloads/${name}`, import.meta.url), 'utf8'));

describe('the example payloads', () => {
  it.each(['create-variant-a.json', 'create-variant-b.json', 'legacy.json'])(
    'draws %s scene by scene',
    async (name) => {
      const payload = (await example(name)) as { scenes: unknown[] };
      const drawn = await drawScenes(payload, { scale: 0.25, timeoutMs: 500 });
      expect(drawn.scenes).toHaveLength(payload.scenes.length);
      for (const scene of drawn.scenes) {
        const png = decodePng(scene.png);
        expect([png.width, png.height]).toEqual([drawn.canvas.width / 4, drawn.canvas.height / 4]);
        expect(scene.durationSeconds).toBeGreaterThan(0);
      }
    },
  );
});
