/**
 * What `vsynth compile` of a 20-scene video costs its user beside Node's own start-up: the built
 * CLI (`packages/cli/bin/vsynth.js`, after `npx --yes pnpm@10 build`) and `node -e 0`, each a
 * fresh process, run round-robin so both share the machine's load; medians of wall time. A first
 * round warms the file cache (and the preview's cache of the system fonts' faces, as a user's first
 * run does) and is not counted.
 *
 *   node --import tsx bench/cli/compile-vs-node-startup.ts [--runs 10]
 *
 * - `cli.compileVsNodeStartup`: ms of `vsynth compile video.tsx` over ms of `node -e 0` (aim ≤ 7).
 *
 * On stderr, `vsynth --help` of the same rounds: how much of it is the CLI's own start-up.
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

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(values.runs);
const SCENES = 20;
const root = fileURLToPath(new URL('../../', import.meta.url));
if (!existsSync(join(root, 'packages/cli/dist/index.js'))) throw new Error('Run `npx --yes pnpm@10 build` first.');
// Always the built CLI: the figure is what an installed vsynth costs, so stale dist/ is said in the unit.
const stale = builtIsCurrent(join(root, 'packages')) ? '' : ', dist/ older than the sources';

const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-cli-'));
try {
  const video = await writeTourVideo(dir, SCENES);
  const cases = {
    node: ['-e', '0'],
    help: [join(root, 'packages/cli/bin/vsynth.js'), '--help'],
    compile: [join(root, 'packages/cli/bin/vsynth.js'), 'compile', video],
  };
  const medians = wallMedians(cases, runs, root);
  const ms = (name: keyof typeof cases) => `${medians[name].toFixed(0)} ms`;
  process.stderr.write(
    `median wall: node -e 0 ${ms('node')}, vsynth --help ${ms('help')}, vsynth compile ${ms('compile')}\n`,
  );
  const what = `the built \`vsynth compile\` of a ${SCENES}-scene .tsx${stale}`;
  const unit = `ms wall of ${what} (baseline: node -e 0, same rounds)`;
  printFigure(figure('cli.compileVsNodeStartup', medians.compile, unit, medians.node, '<=', 7));
} finally {
  await rm(dir, { recursive: true, force: true });
}
