/**
 * CPU of one `compileFile` reload of a small video (a .tsx importing a .ts), as the studio does
 * on every edit: each call loads the file, its imports and @vsynth/jsx-runtime afresh (tsx
 * namespace). Prints one figure line; the aim (< 500 ms) keeps a studio rebuild interactive.
 *
 * Run: node --conditions=@vsynth/source --import tsx bench/load/import-tsx-reload.ts [--type commonjs|module]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compileFile } from '@vsynth/jsx-runtime';
import { cpuMicros, figure, printFigure } from '../figure.js';

const type = process.argv.includes('--type') ? process.argv[process.argv.indexOf('--type') + 1] : 'commonjs';
const RUNS = 8;
const dir = await mkdtemp(path.join(os.tmpdir(), 'vsynth-reload-bench-'));
try {
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type }));
  await writeFile(path.join(dir, 'copy.ts'), "export const title = 'Spring sale';\n");
  await writeFile(
    path.join(dir, 'video.tsx'),
    "import { Scene, Text, Video } from '@vsynth/jsx-runtime';\nimport { title } from './copy.js';\nexport default <Video><Scene><Text tag=\"title\">{title}</Text></Scene></Video>;\n",
  );
  const file = path.join(dir, 'video.tsx');
  await compileFile(file, { variant: 'B' }); // warm: tsx's transform cache, the derived tsconfig
  let reload = 0;
  for (let i = 0; i < RUNS; i++) reload += (await cpuMicros(async () => void (await compileFile(file, { variant: 'B' })))).cpu;
  printFigure(figure(`importTsx.reloadCpu.${type}`, reload / RUNS / 1000, 'ms CPU/reload', null, '<', 500));
} finally {
  await rm(dir, { recursive: true, force: true });
}
