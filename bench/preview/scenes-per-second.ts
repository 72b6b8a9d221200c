/**
 * PNG scenes per second of @vsynth/preview at full size (1920x1080) and at scale 0.25.
 * Run: node --conditions=@vsynth/source --import tsx bench/preview/scenes-per-second.ts [scenes]
 * Prints one JSON line per scale; record the numbers in docs/benchmarks.md "## preview".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawScenes } from '@vsynth/preview';
import { encodePng } from '../../packages/preview/src/png/encode-png.js';

const count = Number(process.argv[2] ?? 40);
const dir = mkdtempSync(join(tmpdir(), 'vsynth-bench-preview-'));
// A 800x600 photo-like image (a gradient, so PNG decoding has real work).
const pixels = new Uint8Array(800 * 600 * 4);
for (let i = 0; i < 800 * 600; i++) pixels.set([i % 800 % 256, (i / 800) % 256, (i * 7) % 256, 255], i * 4);
writeFileSync(join(dir, 'photo.png'), encodePng({ width: 800, height: 600, pixels }));

const texts = [
  'Welcome to the spring product tour: dashboards, exports and team seats',
  '欢迎参加我们的产品导览，今天我们看看新功能',
  'हमारे उत्पाद दौरे में आपका स्वागत है',
  'Добро пожаловать в обзор продукта',
];
const scene = (i: number) => ({
  sceneIdx: i,
  scripts: [{ org: `<p>${texts[i % texts.length]}</p>`, isTTS: false, tts: null, modelId: 'anna', clothId: 'suit' }],
  background: { id: 'background', type: 'background', source_type: 'color', source_color: 'rgb(240,242,248)' },
  clips: [
    { id: 'photo', type: 'image', layer: 2, left: 80, top: 300, width: 800, height: 600, scaleX: 0.9, scaleY: 0.9, source_url: 'photo.png' },
    { id: 'badge', type: 'shape', layer: 3, shapeName: 'Rectangle_corner0', left: 60, top: 60, width: 1000, height: 180, fill: '#ffd166', stroke: '#1a1a2e', strokeWidth: 2, strokeRadius: 12 },
    { id: 'star', type: 'shape', layer: 3, shapeName: 'Star', left: 1000, top: 700, width: 200, height: 200, fill: '#ef476f', angle: 12, opacity: 80 },
    { id: 'title', type: 'textImage', layer: 4, left: 90, top: 80, width: 940, height: 140, text: texts[i % texts.length], fontSize: 56, fill: '#1a1a2e', fontWeight: 'bold', shadow: { color: '#00000060', blur: 4, offsetX: 2, offsetY: 2 } },
    { id: 'avatar', type: 'aiModel', layer: 1, left: 1250, top: 120, width: 600, height: 960, model: { ai_name: 'anna', emotion: 'suit', language: 'en' } },
  ],
});
const payload = { name: 'bench', scenes: Array.from({ length: count }, (_, i) => scene(i)) };

try {
  // Warm-up: font catalog, fontkit shaping cache, resvg.
  await drawScenes({ scenes: payload.scenes.slice(0, 4) }, { baseDir: dir });
  for (const scale of [1, 0.25]) {
    const start = performance.now();
    const drawn = await drawScenes(payload, { baseDir: dir, scale });
    const seconds = (performance.now() - start) / 1000;
    const bytes = drawn.scenes.reduce((sum, s) => sum + s.png.length, 0);
    console.log(JSON.stringify({ scale, scenes: drawn.scenes.length, seconds: Number(seconds.toFixed(2)), scenesPerSecond: Number((drawn.scenes.length / seconds).toFixed(1)), averagePngKiB: Math.round(bytes / drawn.scenes.length / 1024), warnings: drawn.warnings.length }));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
