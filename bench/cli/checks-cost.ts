/**
 * What compile's checks cost the commands that run them: the built `vsynth compile` and `vsynth preview` of
 * a 20-scene `.tsx`, each as it runs (layout and speech checks, text measured in its boxes with the
 * preview's fonts: loading them included) and with `--no-checks`, each a fresh process, run round-robin so
 * both share the machine's load; medians of wall time. A first round warms the file cache (and the preview's
 * cache of the system fonts' faces, as a user's first run does) and is not counted.
 *
 *   node --import tsx bench/cli/checks-cost.ts [--runs 5] [--scale 0.5]
 *
 * - `cli.compileChecksRatio`: ms of `vsynth compile video.tsx` over ms with `--no-checks` (aim ≤ 1.3).
 * - `cli.previewChecksRatio`: ms of `vsynth preview video.tsx --scale S` over ms with `--no-checks` (aim ≤ 1.1).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { builtIsCurrent } from '../code-under-test.js';
import { figure, printFigure } from '../figure.js';
import { writeTourVideo } from '../tour-video-source.js';
import { wallMedians } from './round-robin-wall.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, scale: { type: 'string', default: '0.5' } },
});
const runs = Number(values.runs);
const SCENES = 20;
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'packages/cli/bin/vsynth.js');
if (!existsSync(join(root, 'packages/cli/dist/index.js'))) throw new Error('Run `npx --yes pnpm@10 build` first.');
const stale = builtIsCurrent(join(root, 'packages')) ? '' : ', dist/ older than the sources';

const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-checks-'));
try {
  const video = await writeTourVideo(dir, SCENES);
  const preview = [cli, 'preview', video, '--scale', values.scale, '--out', join(dir, 'preview')];
  const cases = {
    compile: [cli, 'compile', video],
    compileUnchecked: [cli, 'compile', video, '--no-checks'],
    preview,
    previewUnchecked: [...preview, '--no-checks'],
  };
  const medians = wallMedians(cases, runs, root);
  const ms = (name: keyof typeof cases) => `${medians[name].toFixed(0)} ms`;
  process.stderr.write(
    `median wall: compile ${ms('compile')} (--no-checks ${ms('compileUnchecked')}), ` +
      `preview ${ms('preview')} (--no-checks ${ms('previewUnchecked')})\n`,
  );
  const what = `of the built CLI on a ${SCENES}-scene .tsx${stale} (baseline: --no-checks, same rounds)`;
  printFigure(
    figure('cli.compileChecksRatio', medians.compile, `ms wall, compile ${what}`, medians.compileUnchecked, '<=', 1.3),
  );
  printFigure(
    figure(
      'cli.previewChecksRatio',
      medians.preview,
      `ms wall, preview --scale ${values.scale} ${what}`,
      medians.previewUnchecked,
      '<=',
      1.1,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
