/**
 * `vsynth import` of a 500-scene project and the recompile of what it wrote, against `compile()`
 * of the same project measured in the same run (CPU from `process.cpuUsage`; wall-clock on this
 * shared machine swings too much to compare across runs).
 *
 *   node --conditions=@vsynth/source --import tsx bench/import/import-bench.tsx [--scenes 500] [--rounds 9] [--figure]
 *
 * Cases: importProject on the v3 variant A payload and on the legacy payload of the project (each
 * includes the compile passes that check the round trip and fit `raw`); the recompile loads the
 * written video.tsx + avatars.ts with compileFile (tsx transform included) and compares it with
 * the payload. `--figure` prints one `bench/figure.ts` line: `import.vsCompile`, the CPU of one
 * v3 import over one compile of the same project, a regression guard (≤ 11: 8.6-9.3 on 2026-11-28,
 * 11.8-12.1 before that day's cheaper comparison and copy). It was ≤ 6 while compile was measured
 * from one warm-up run and cost far more of its own (228 µs a scene on 2026-11-24, ~17 now).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Avatar, Image, Scene, Shape, Text, Video, canonicalJson, compile, compileFile, importProject, normaliseProject } from '@vsynth/jsx-runtime';
import { anna, minhoCasual } from '../../examples/avatars.js';
import { cpuMicros, figure, median, printFigure } from '../figure.js';

const { values } = parseArgs({ options: { scenes: { type: 'string', default: '500' }, rounds: { type: 'string', default: '9' }, figure: { type: 'boolean', default: false } } });
const SCENES = Number(values.scenes);
const ROUNDS = Number(values.rounds);
/** Runs of each case before the measured rounds. */
const WARM_UP = 5;
const REPO = fileURLToPath(new URL('../../', import.meta.url));

const scenes = (legacy: boolean) =>
  Array.from({ length: SCENES }, (_, i) => (
    <Scene key={i} background="https://cdn.example.com/bg.jpg">
      <Avatar model={legacy ? 'anna' : i % 3 === 0 ? minhoCasual : anna} {...(legacy && { clothes: 'suit', language: 'en' })} x={0.25} y={0.05}>
        This is scene {i}. Our product now does more &amp; costs less, and here is how it works.
      </Avatar>
      {legacy ? null : <Shape shape="Rectangle_corner0" fill="rgb(18,52,86)" left={0} top={0} width={1920} height={160} />}
      <Text {...(legacy ? { x: -0.2, y: -0.4, scale: 1.5 } : { tag: 'title', left: 80, top: 40, fontSize: 64 })}>Chapter {i}: what is new</Text>
      <Image src={`https://cdn.example.com/shot-${i}.png`} naturalWidth={1280} naturalHeight={720} x={-0.2} y={0.1} scale={0.8} />
    </Scene>
  ));

const v3Element = <Video name="Large">{scenes(false)}</Video>;
const legacyElement = <Video>{scenes(true)}</Video>;
const v3 = (await compile(v3Element, { variant: 'A' })).payload;
const legacy = (await compile(legacyElement, { target: 'legacy' })).payload;

/**
 * Median CPU milliseconds of each of `works` over alternating rounds, after `WARM_UP` runs of each:
 * measured from one warm-up run, a 500-scene compile cost 15-37 ms against ~9 ms once V8 has
 * optimised it, and the figure's ratio moved with that.
 */
async function cpuMs(...works: (() => Promise<unknown>)[]): Promise<number[]> {
  for (let w = 0; w < WARM_UP; w++) for (const work of works) await work();
  const times = works.map((): number[] => []);
  for (let r = 0; r < ROUNDS; r++) for (const [i, work] of works.entries()) times[i]!.push((await cpuMicros(work)).cpu / 1000);
  return times.map((rounds) => median(rounds));
}

const [compileMs, importMs] = (await cpuMs(
  () => compile(v3Element, { variant: 'A' }),
  () => importProject(v3),
)) as [number, number];
const [legacyCompileMs, legacyImportMs] = (await cpuMs(
  () => compile(legacyElement, { target: 'legacy' }),
  () => importProject(legacy),
)) as [number, number];

await mkdir(path.join(REPO, 'tmp'), { recursive: true });
const dir = await mkdtemp(path.join(REPO, 'tmp', 'import-bench-'));
let recompileMs: number;
try {
  const imported = await importProject(v3);
  await writeFile(path.join(dir, 'video.tsx'), imported.tsx);
  await writeFile(path.join(dir, 'avatars.ts'), imported.avatars);
  [recompileMs] = (await cpuMs(async () => {
    const back = await compileFile(path.join(dir, 'video.tsx'), { variant: 'A' });
    if (canonicalJson(normaliseProject(back.payload, 'v3')) !== canonicalJson(normaliseProject(v3, 'v3'))) throw new Error('round trip differs');
  })) as [number];
} finally {
  await rm(dir, { recursive: true, force: true });
}

if (values.figure) {
  printFigure(figure('import.vsCompile', importMs, 'ms CPU', compileMs, '<=', 11));
} else {
  const row = (name: string, ms: number, base: number) => `| ${name} | ${ms.toFixed(0)} ms | ${(ms / base).toFixed(2)}× | ${((ms * 1000) / SCENES).toFixed(0)} µs |`;
  console.log(`${SCENES} scenes, median CPU of ${ROUNDS} alternating rounds after ${WARM_UP} warm-up runs (load average ${process.platform === 'linux' ? (await import('node:os')).loadavg()[0]?.toFixed(1) : '?'})`);
  console.log('| case | CPU | × compile() of the same project | per scene |');
  console.log('|---|---|---|---|');
  console.log(row('compile() v3 A (baseline)', compileMs, compileMs));
  console.log(row('importProject(v3 A payload)', importMs, compileMs));
  console.log(row('recompile: compileFile(imported video.tsx) + compare', recompileMs, compileMs));
  console.log(row('compile() legacy (baseline)', legacyCompileMs, legacyCompileMs));
  console.log(row('importProject(legacy payload)', legacyImportMs, legacyCompileMs));
}
