/**
 * `vsynth studio`: time from saving the .tsx of a 20-scene video to the new version on
 * `/events` (the page then fetches /state.json), median of 20 saves, and save → first scene PNG
 * served. Baseline in the same run: one `vsynth compile` of the same file (a fresh process,
 * what an author ran before the studio), so the ratio survives the shared machine's load.
 *
 * Run: node --conditions=@vsynth/source --import tsx bench/studio/save-to-version.ts [saves] [pauseMs]
 * Prints one JSON line; record it in docs/benchmarks.md "## studio".
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runVsynth } from '../../test/run-vsynth.js';
import { EventStream, startStudioCli } from '../../test/studio-helpers.js';
import { median, percentile } from '../figure.js';

const SCENES = 20;
const saves = Number(process.argv[2] ?? 20);
// An author's pace between saves; the studio warms its next build process up meanwhile.
const pauseMs = Number(process.argv[3] ?? 1500);

const video = (round: number): string => {
  const scenes = Array.from({ length: SCENES }, (_, i) =>
    [
      `    <Scene background="rgb(${240 - i},${242 - i},248)">`,
      `      <Avatar model={anna} x={0.25} y={0.05}>Scene ${i + 1}, take ${round}: here is what is new in this part of the tour.</Avatar>`,
      `      <Text tag="title" x={-0.2} y={-0.3} scale={1.2}>Part ${i + 1} (take ${round})</Text>`,
      '    </Scene>',
    ].join('\n'),
  );
  return `import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';\nimport { anna } from './avatars.js';\n\nexport default (\n  <Video name="Bench">\n${scenes.join('\n')}\n  </Video>\n);\n`;
};

const round = (value: number): number => Math.round(value);

const dir = await mkdtemp(path.join(os.tmpdir(), 'vsynth-bench-studio-'));
await cp(path.join(REPO_ROOT, 'examples/avatars.ts'), path.join(dir, 'avatars.ts'));
const file = path.join(dir, 'video.tsx');
await writeFile(file, video(0));
const loadBefore = os.loadavg()[0] ?? 0;

const compileMs: number[] = [];
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  const run = await runVsynth(['compile', 'video.tsx'], { cwd: dir });
  if (run.code !== 0) throw new Error(`vsynth compile failed: ${run.stderr}`);
  compileMs.push(performance.now() - start);
}

const studio = await startStudioCli(['video.tsx', '--no-open'], { cwd: dir });
const events = new EventStream(studio.url);
try {
  const first = (await (await fetch(new URL('state.json', studio.url))).json()) as { version: number; scenes: unknown[] };
  if (first.scenes.length !== SCENES) throw new Error(`expected ${SCENES} scenes, got ${first.scenes.length}`);
  let version = first.version;
  const toEvent: number[] = [];
  const toImage: number[] = [];
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  for (let i = 1; i <= saves; i++) {
    const start = performance.now();
    await writeFile(file, video(i));
    const event = await events.next(version);
    version = event.version;
    toEvent.push(event.at - start);
    const state = (await (await fetch(new URL('state.json', studio.url))).json()) as { ok: boolean; scenes: { image: string }[]; payloads: { v3A: { scenes: { scripts: { org: string }[] }[] } } };
    if (!state.ok) throw new Error(`save ${i} did not compile`);
    if (!state.payloads.v3A.scenes[0]?.scripts[0]?.org.includes(`take ${i}:`)) throw new Error(`save ${i} is not in the payload (a stale module?)`);
    await (await fetch(new URL(state.scenes[0]?.image ?? '', studio.url))).arrayBuffer();
    toImage.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  console.log(
    JSON.stringify({
      scenes: SCENES,
      saves,
      pauseMs,
      saveToVersionMedianMs: round(median(toEvent)),
      saveToVersionMinMs: round(percentile(toEvent, 0)),
      saveToVersionP90Ms: round(percentile(toEvent, 0.9)),
      saveToFirstImageMedianMs: round(median(toImage)),
      compileCliMedianMs: round(median(compileMs)),
      versionVsCompileCli: Math.round((median(toEvent) / median(compileMs)) * 100) / 100,
      loadAverage: [Math.round(loadBefore * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
      node: process.version,
    }),
  );
} finally {
  events.close();
  await studio.stop();
  await rm(dir, { recursive: true, force: true });
}
