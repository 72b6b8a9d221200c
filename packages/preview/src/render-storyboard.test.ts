import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidationError } from '@vsynth/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng, type DecodedPng } from './png/decode-png.js';
import { encodePng } from './png/encode-png.js';
import { colourAt, findPixels, sameColour } from './png/test-find-pixels.js';
import { drawScenes } from './draw-scenes.js';
import { renderStoryboard } from './render-storyboard.js';

const BG = [10, 20, 30, 255] as const;
const background = { id: 'background', type: 'background', source_type: 'color', source_color: 'rgb(10,20,30)' };

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-preview-'));
  await writeFile(join(dir, 'green.png'), encodePng({ width: 400, height: 200, fill: [0, 200, 0, 255] }));
  const magenta = encodePng({ width: 100, height: 200, fill: [255, 0, 255, 255] });
  server = createServer((request, response) => {
    if (request.url === '/avatar.png') response.writeHead(200, { 'content-type': 'image/png' }).end(magenta);
    else if (request.url === '/slow.png') setTimeout(() => response.end(), 5000).unref();
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function scene(clips: unknown[], extra: Record<string, unknown> = {}) {
  return {
    sceneIdx: 0,
    scripts: [{ org: 'Hello there', isTTS: false, tts: null, modelId: 'm', clothId: 'c' }],
    background,
    clips,
    ...extra,
  };
}

async function render(payload: unknown, options: { scale?: number; timeoutMs?: number } = {}) {
  const outDir = await mkdtemp(join(dir, 'out-'));
  const board = await renderStoryboard(payload, { outDir, baseDir: dir, ...options });
  const pngs: DecodedPng[] = [];
  for (const item of board.scenes) pngs.push(decodePng(await readFile(item.pngPath)));
  return { board, pngs, outDir };
}

function expectBox(
  found: ReturnType<typeof findPixels>,
  box: { left: number; top: number; width: number; height: number },
) {
  expect(found).toBeDefined();
  expect(Math.abs((found?.left ?? 0) - box.left)).toBeLessThanOrEqual(2);
  expect(Math.abs((found?.top ?? 0) - box.top)).toBeLessThanOrEqual(2);
  expect(Math.abs((found?.right ?? 0) - (box.left + box.width))).toBeLessThanOrEqual(2);
  expect(Math.abs((found?.bottom ?? 0) - (box.top + box.height))).toBeLessThanOrEqual(2);
}

describe('renderStoryboard', () => {
  it('draws the background colour in the corners and a solid shape exactly in its displayed box', async () => {
    const shape = {
      id: 's',
      type: 'shape',
      shapeName: 'Square',
      layer: 500,
      left: 400,
      top: 300,
      width: 200,
      height: 100,
      scaleX: 1.5,
      scaleY: 2,
      fill: '#ff0000',
    };
    const { pngs, board } = await render({ orientation: 'landscape', scenes: [scene([shape])] });
    const png = pngs[0]!;
    expect([png.width, png.height]).toEqual([1920, 1080]);
    for (const [x, y] of [
      [0, 0],
      [1919, 0],
      [0, 1079],
      [1919, 1079],
    ] as const)
      expect(colourAt(png, x, y)).toEqual(BG);
    expect(colourAt(png, 400 + 150, 300 + 100)).toEqual([255, 0, 0, 255]);
    expectBox(
      findPixels(png, (c) => sameColour(c, [255, 0, 0])),
      { left: 400, top: 300, width: 300, height: 200 },
    );
    expect(board.warnings).toEqual([]);
    expect(board.scenes[0]?.svgPath).toMatch(/scene-000\.svg$/);
    expect(await readFile(board.scenes[0]!.svgPath, 'utf8')).toContain('<svg');
  });

  it('places a legacy-centred image where the legacy geometry puts it', async () => {
    // green.png is 400x200: scale 0.5 makes the longer side 0.5*0.5*1920 = 480 px wide, 240 high,
    // centred at ((0.5+0.25)*1920, (0.5-0.25)*1080) = (1440, 270).
    const legacy = {
      scenes: [
        {
          AIModel: {
            model: 'anna',
            clothes: 'suit',
            language: 'en',
            script: 'Hi',
            scale: 0.2,
            locationX: -0.3,
            locationY: 0.2,
          },
          clips: [
            { type: 'background', detail: { url: 'missing-background.png' } },
            { type: 'image', detail: { url: 'green.png', scale: 0.5, locationX: 0.25, locationY: -0.25 } },
          ],
        },
      ],
    };
    const { pngs, board } = await render(legacy);
    expectBox(
      findPixels(pngs[0]!, (c) => sameColour(c, [0, 200, 0])),
      { left: 1200, top: 150, width: 480, height: 240 },
    );
    expect(board.warnings.some((w) => w.message.includes('missing-background.png'))).toBe(true);
    // The converter's advice to library callers is said in the preview's terms.
    expect(board.warnings.find((w) => w.path.at(-1) === 'AIModel')?.message).toBe(
      'Avatar "anna"/"suit" is named by key only in a legacy payload and its size comes from its model object, which the preview does not have: it is laid out as if it were as large as the canvas (1920x1080)',
    );
    expect(board.warnings.some((w) => w.message.includes('options.'))).toBe(false);
  });

  it('draws text inside its box, wrapped onto several lines', async () => {
    const text = {
      id: 't',
      type: 'textImage',
      layer: 500,
      left: 300,
      top: 200,
      width: 500,
      height: 300,
      text: 'The quick brown fox jumps over the lazy dog',
      fontSize: 48,
      fill: '#ffffff',
      fontFamily: 'Noto Sans',
    };
    const { pngs } = await render({ scenes: [scene([text])] });
    const ink = findPixels(pngs[0]!, (c) => c[0] > 128 && c[1] > 128 && c[2] > 128);
    expect(ink).toBeDefined();
    // Left-aligned: the ink starts at the box's left edge (a few pixels of slack: "j" reaches
    // left of its origin), the capitals' tops sit 0.93 - 0.71 em (about 10 px) below its top.
    expect(ink!.left).toBeGreaterThanOrEqual(300 - 4);
    expect(ink!.left).toBeLessThanOrEqual(300 + 4);
    expect(ink!.top).toBeGreaterThanOrEqual(200 + 4);
    expect(ink!.top).toBeLessThanOrEqual(200 + 14);
    expect(ink!.right).toBeLessThanOrEqual(800 + 4);
    expect(ink!.bottom).toBeLessThanOrEqual(500);
    // 43 characters of 48 px text do not fit 500 px: at least two lines.
    expect(ink!.bottom - ink!.top).toBeGreaterThan(48 * 1.5);
    expect(ink!.count).toBeGreaterThan(2000);
  });

  it('draws an avatar thumbnail from http in its displayed box (editor.scale applied)', async () => {
    const avatar = {
      id: 'a',
      type: 'aiModel',
      layer: 300,
      left: 100,
      top: 80,
      width: 400,
      height: 800,
      model: {
        ai_name: 'anna',
        emotion: 'suit',
        language: 'en',
        editor: { scale: 0.5 },
        deployImage: { themb_src: `${base}/avatar.png` },
      },
    };
    const { pngs, board } = await render({ scenes: [scene([avatar])] });
    // 100x200 thumbnail fitted (meet) into the 200x400 displayed box.
    expectBox(
      findPixels(pngs[0]!, (c) => sameColour(c, [255, 0, 255])),
      { left: 100, top: 80, width: 200, height: 400 },
    );
    expect(board.warnings).toEqual([]);
  });

  it('marks an unreachable avatar thumbnail with a silhouette in the exact box and a warning', async () => {
    const avatar = {
      id: 'a',
      type: 'aiModel',
      layer: 300,
      left: 700,
      top: 100,
      width: 400,
      height: 800,
      model: {
        ai_name: 'anna',
        emotion: 'suit',
        editor: { scale: 0.75 },
        deployImage: { themb_src: `${base}/slow.png` },
      },
    };
    const { pngs, board } = await render({ scenes: [scene([avatar])] }, { timeoutMs: 200 });
    expectBox(
      findPixels(pngs[0]!, (c) => !sameColour(c, BG, 6)),
      { left: 700, top: 100, width: 300, height: 600 },
    );
    expect(board.warnings).toHaveLength(1);
    expect(board.warnings[0]?.message).toContain('no answer within 200 ms');
    expect(board.warnings[0]?.path).toEqual(['scenes', 0, 'clips', 0, 'model', 'deployImage', 'themb_src']);
  });

  it("writes the silhouette's name inside its box and on the canvas when the avatar reaches past the frame", async () => {
    // Displayed box 200x1000 at (1500, 500): its lower half is below the 1080 px canvas.
    const avatar = {
      id: 'a',
      type: 'aiModel',
      layer: 300,
      left: 1500,
      top: 500,
      width: 200,
      height: 1000,
      model: { ai_name: 'anna', emotion: 'business_suit_navy' },
    };
    const { pngs, board } = await render({ scenes: [scene([avatar])] });
    const name = findPixels(pngs[0]!, (c) => sameColour(c, [255, 255, 255], 20));
    expect(name).toBeDefined();
    expect(name!.count).toBeGreaterThan(100);
    expect(name!.left).toBeGreaterThanOrEqual(1500);
    expect(name!.right).toBeLessThanOrEqual(1700);
    expect(name!.bottom).toBeLessThanOrEqual(1080);
    expect(name!.top).toBeGreaterThan(980);
    expect(board.warnings).toEqual([]);
    // Box 600x600 at (1620, 200): only its left 300 px are on the canvas, and so is the name.
    const right = { ...avatar, left: 1620, top: 200, width: 600, height: 600 };
    const past = findPixels((await render({ scenes: [scene([right])] })).pngs[0]!, (c) =>
      sameColour(c, [255, 255, 255], 20),
    );
    expect(past!.count).toBeGreaterThan(100);
    expect(past!.left).toBeGreaterThanOrEqual(1620);
    expect(past!.right).toBeLessThanOrEqual(1920);
    expect(past!.bottom).toBeLessThanOrEqual(800);
  });

  it("rotates a clip clockwise around the top-left corner of its box (fabric.js' default origin)", async () => {
    // 200x100 at (600, 300) turned 90°: it now spans x 500–600 and y 300–500.
    const shape = {
      id: 's',
      type: 'shape',
      shapeName: 'Square',
      layer: 500,
      left: 600,
      top: 300,
      width: 200,
      height: 100,
      angle: 90,
      fill: '#ff0000',
    };
    const { pngs } = await render({ scenes: [scene([shape])] });
    expectBox(
      findPixels(pngs[0]!, (c) => sameColour(c, [255, 0, 0])),
      { left: 500, top: 300, width: 100, height: 200 },
    );
  });

  it('turns a missing image into a marked placeholder and a warning instead of failing', async () => {
    const image = {
      id: 'i',
      type: 'image',
      layer: 500,
      left: 100,
      top: 100,
      width: 300,
      height: 200,
      source_url: `${base}/nope.png`,
    };
    const local = {
      id: 'j',
      type: 'image',
      layer: 500,
      left: 500,
      top: 100,
      width: 300,
      height: 200,
      source_url: 'no-such-file.png',
    };
    const { pngs, board } = await render({ scenes: [scene([image, local])] });
    expect(board.warnings.map((w) => w.message)).toEqual([
      `Image "${base}/nope.png" not drawn: HTTP 404`,
      `Image "no-such-file.png" not drawn: no file at ${join(dir, 'no-such-file.png')}`,
    ]);
    // The placeholder's red dashed frame lies on the box edge.
    expectBox(
      findPixels(pngs[0]!, (c) => sameColour(c, [0xd0, 0x02, 0x1b], 40)),
      { left: 100, top: 100, width: 700, height: 200 },
    );
  });

  it('does not read local files when localFiles is false (as for sandbox artifacts)', async () => {
    const image = {
      id: 'i',
      type: 'image',
      layer: 500,
      left: 100,
      top: 100,
      width: 400,
      height: 200,
      source_url: 'green.png',
    };
    const drawn = await drawScenes({ scenes: [scene([image])] }, { baseDir: dir, localFiles: false });
    expect(drawn.warnings.map((w) => w.message)).toEqual([
      'Image "green.png" not drawn: local files are not read here; use an http(s) or data: URL',
    ]);
    expect(findPixels(decodePng(drawn.scenes[0]!.png), (c) => sameColour(c, [0, 200, 0]))).toBeUndefined();
  });

  it('draws a scene that is not an object as an empty canvas, with a warning naming it', async () => {
    const { pngs, board } = await render({ scenes: [null, scene([])] });
    expect(pngs).toHaveLength(2);
    expect(colourAt(pngs[0]!, 5, 5)).toEqual([255, 255, 255, 255]);
    expect(board.warnings.map((w) => [w.message, w.path])).toEqual([
      ['Scene is null, not an object: drawn as an empty white canvas', ['scenes', 0]],
    ]);
  });

  it('stacks clips by layer, not by array order', async () => {
    const top = {
      id: 'top',
      type: 'shape',
      shapeName: 'Square',
      layer: 900,
      left: 100,
      top: 100,
      width: 200,
      height: 200,
      fill: '#0000ff',
    };
    const bottom = {
      id: 'bottom',
      type: 'shape',
      shapeName: 'Square',
      layer: 100,
      left: 100,
      top: 100,
      width: 200,
      height: 200,
      fill: '#ffff00',
    };
    const { pngs } = await render({ scenes: [scene([top, bottom])] });
    expect(colourAt(pngs[0]!, 200, 200)).toEqual([0, 0, 255, 255]);
  });

  it('escapes text so markup in it is drawn, not parsed', async () => {
    const text = {
      id: 't',
      type: 'textImage',
      layer: 500,
      left: 100,
      top: 100,
      width: 1200,
      height: 100,
      text: 'Tom & Jerry <script>alert("x")</script> \u0007',
      fontSize: 40,
      fill: '#ffffff',
    };
    const { board, pngs } = await render({ scenes: [scene([text])] });
    const svg = await readFile(board.scenes[0]!.svgPath, 'utf8');
    expect(svg).toContain('Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).not.toContain('<script>');
    expect(findPixels(pngs[0]!, (c) => c[0] > 128)?.count).toBeGreaterThan(500);
  });

  it('writes thumbnails at a scale, portrait canvases and a contact sheet with every scene', async () => {
    const shape = {
      id: 's',
      type: 'shape',
      shapeName: 'Circle',
      layer: 500,
      left: 0,
      top: 0,
      width: 540,
      height: 540,
      fill: '#00ff00',
    };
    const payload = {
      orientation: 'portrait',
      scenes: [scene([shape]), scene([], { scripts: [{ org: '' }] }), scene([])],
    };
    const { pngs, board } = await render(payload, { scale: 0.25 });
    expect(pngs.map((p) => [p.width, p.height])).toEqual([
      [270, 480],
      [270, 480],
      [270, 480],
    ]);
    expect(colourAt(pngs[0]!, 67, 67)).toEqual([0, 255, 0, 255]);
    expect(board.scenes.map((s) => s.durationSeconds)).toEqual([1.5, 3, 1.5]);
    expect(board.totalSeconds).toBe(6);
    const sheet = decodePng(await readFile(board.contactSheetPath));
    // Three portrait thumbnails of 270x480 in one row, 16 px gaps, a header and labels.
    expect([sheet.width, sheet.height]).toEqual([16 + 3 * (270 + 16), 56 + 480 + 34 + 16 + 16]);
  });

  it('rejects a payload without scenes and an orientation that cannot be laid out', async () => {
    const outDir = join(dir, 'never');
    await expect(renderStoryboard({ name: 'x' }, { outDir })).rejects.toSatisfy(isValidationError);
    await expect(renderStoryboard({ orientation: 'square', scenes: [] }, { outDir })).rejects.toThrow(
      /Orientation "square" cannot be laid out: use one of landscape, portrait/,
    );
    await expect(renderStoryboard({ projectId: 'p1', updates: { title: 'Hi' } }, { outDir })).rejects.toSatisfy(
      (error: unknown) =>
        isValidationError(error) &&
        error.issues[0]!.message.startsWith(
          'This is a modify or edit request: it changes a project stored by the service',
        ),
    );
    // An output directory that is a file is the caller's mistake, said as such.
    const file = join(dir, 'green.png');
    await expect(renderStoryboard({ scenes: [scene([])] }, { outDir: file })).rejects.toThrow(
      `Cannot create the output directory ${file}: a file of that name is in the way. Choose another output path.`,
    );
  });
});
