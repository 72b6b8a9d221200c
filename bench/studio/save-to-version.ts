/**
 * How soon the studio shows a save: `vsynth studio` (`bench/code-under-test.ts`'s CLI) on a
 * 20-scene video; each save rewrites the .tsx with new text in every scene, and the time until
 * `/events` announces the new version is taken (then /state.json is checked to hold the saved
 * text). Saves come at an author's pace, `--pause-ms` apart. Median. Prints a `bench/figure.ts` line:
 *
 *   node --import tsx bench/studio/save-to-version.ts [--saves 8] [--pause-ms 1000]
 *
 * - `studio.saveToVersionMs`: median ms from save to new version (aim ≤ 150).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { EventStream, startStudioCli } from '../../test/studio-helpers.js';
import { RUNS_BUILT } from '../code-under-test.js';
import { figure, median, printFigure } from '../figure.js';
import { tourVideoSource, writeTourVideo } from '../tour-video-source.js';

const { values } = parseArgs({
  options: { saves: { type: 'string', default: '8' }, 'pause-ms': { type: 'string', default: '1000' } },
});
const saves = Number(values.saves);
const pauseMs = Number(values['pause-ms']);
const SCENES = 20;

interface StudioState {
  readonly ok: boolean;
  readonly version: number;
  readonly scenes: readonly unknown[];
  readonly payloads: {
    readonly v3A: { readonly scenes: readonly { readonly scripts: readonly { readonly org: string }[] }[] };
  };
}

const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-studio-'));
const file = await writeTourVideo(dir, SCENES);
const studio = await startStudioCli(['video.tsx', '--no-open'], { cwd: dir, built: RUNS_BUILT }).catch(
  async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  },
);
const events = new EventStream(studio.url);
try {
  const state = async () => (await (await fetch(new URL('state.json', studio.url))).json()) as StudioState;
  const first = await state();
  if (first.scenes.length !== SCENES) throw new Error(`expected ${SCENES} scenes, got ${first.scenes.length}`);
  let version = first.version;
  const toVersion: number[] = [];
  for (let take = 1; take <= saves; take++) {
    await sleep(pauseMs);
    const start = performance.now();
    await writeFile(file, tourVideoSource(SCENES, take));
    const event = await events.next(version);
    version = event.version;
    toVersion.push(event.at - start);
    const saved = await state();
    if (!saved.ok) throw new Error(`save ${take} did not compile`);
    const text = saved.payloads.v3A.scenes[0]?.scripts[0]?.org ?? '';
    if (!text.includes(`take ${take}:`)) throw new Error(`save ${take} is not in the payload`);
  }
  process.stderr.write(`save to version, ms: ${toVersion.map((ms) => ms.toFixed(0)).join(', ')}\n`);
  const code = RUNS_BUILT ? 'built' : 'source';
  const unit = `ms median from saving a ${SCENES}-scene .tsx to its version on /events, ${saves} saves, ${code} CLI`;
  printFigure(figure('studio.saveToVersionMs', median(toVersion), unit, null, '<=', 150));
} finally {
  events.close();
  await studio.stop();
  await rm(dir, { recursive: true, force: true });
}
