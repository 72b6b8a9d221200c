/**
 * What a new user downloads: `pnpm release` to a local Verdaccio (as test/registry does), then per
 * template `npm create vsynth@latest` + `npm install` into an empty npm cache, and the size of
 * `node_modules`; also `@vsynth/jsx-runtime` alone, and the seconds from `npm create` to the first
 * compiled payload (the install dominates; it moves with the network). Needs the npm registry and
 * several minutes; not part of run-all.
 *
 *   node --import tsx bench/install-size/install-size.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, withBuildLock } from '../../test/packed-project.js';
import { REPO_ROOT } from '../../test/run-vsynth.js';
import { startLocalRegistry } from '../../test/registry/local-registry.js';
import { figure, printFigure } from '../figure.js';

/** The aims: what the issue asks of an install (MB of node_modules). */
const AIM_MB: Record<string, number> = { basic: 80, batch: 100, library: 80, jsxRuntime: 25 };

const work = mkdtempSync(path.join(os.tmpdir(), 'vsynth-install-size-'));
const registry = await startLocalRegistry(work);
try {
  const must = async (what: string, result: Promise<{ code: number | null; stdout: string; stderr: string }>) => {
    const done = await result;
    if (done.code !== 0) throw new Error(`${what} failed:\n${done.stdout}\n${done.stderr}`);
    return done;
  };
  const env = { env: registry.env, inheritEnv: false, timeout: 600_000 };
  await withBuildLock(() =>
    must(
      'pnpm release',
      run('npx', ['--yes', 'pnpm@10', 'release'], { ...env, cwd: REPO_ROOT, env: registry.releaseEnv }),
    ),
  );
  const megabytes = async (dir: string): Promise<number> =>
    Number((await must('du', run('du', ['-sk', path.join(dir, 'node_modules')], { cwd: dir }))).stdout.split('\t')[0]) /
    1024;
  for (const template of ['basic', 'batch', 'library']) {
    const started = performance.now();
    await must(
      'npm create',
      run('npm', ['create', '--yes', 'vsynth@latest', template, '--', '--template', template], { ...env, cwd: work }),
    );
    const cwd = path.join(work, template);
    await must('npm install', run('npm', ['install'], { ...env, cwd }));
    await must('vsynth compile', run('npm', ['exec', '--', 'vsynth', 'compile', 'video.tsx'], { ...env, cwd }));
    const seconds = (performance.now() - started) / 1000;
    printFigure(
      figure(
        `install.${template}MB`,
        await megabytes(cwd),
        'MB of node_modules after npm install',
        null,
        '<=',
        AIM_MB[template] ?? 0,
      ),
    );
    printFigure(
      figure(
        `install.${template}FirstPayloadS`,
        seconds,
        's from npm create to the first compiled payload (empty npm cache)',
        null,
        '<',
        600,
      ),
    );
  }
  const alone = path.join(work, 'jsx-runtime');
  mkdirSync(alone);
  writeFileSync(path.join(alone, 'package.json'), '{ "name": "alone", "private": true }\n');
  await must('npm install', run('npm', ['install', '@vsynth/jsx-runtime'], { ...env, cwd: alone }));
  printFigure(
    figure(
      'install.jsxRuntimeMB',
      await megabytes(alone),
      'MB of node_modules, @vsynth/jsx-runtime alone',
      null,
      '<=',
      AIM_MB['jsxRuntime'] ?? 0,
    ),
  );
} finally {
  await registry.stop();
  rmSync(work, { recursive: true, force: true });
}
