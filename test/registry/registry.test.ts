/**
 * From a registry to a first video, as a new user gets there: `pnpm release` publishes every public
 * package to a local Verdaccio, then, in folders outside the repository with only that registry
 * configured, `npm create vsynth@latest` makes each template's project, which installs, passes its
 * own `npm test` and runs the commands its README gives; `@vsynth/jsx-runtime` alone compiles
 * through the library API.
 *
 * Cost: over the 4 minutes aimed at. Measured 7 to 12 minutes on a 2-core machine shared with
 * other jobs (load average up to 40): the release's build of every package takes half, then four
 * npm installs (in parallel) bring every third-party package through Verdaccio into an empty npm
 * cache. It holds the build lock (see withBuildLock) while the release builds. Run it alone: `npx vitest run
 * test/registry`. Skipped with a reason when the
 * upstream registry is unreachable.
 */
import { builtinModules } from 'node:module';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bareImports,
  packageOf,
  run,
  startServer,
  withBuildLock,
  workspacePackages,
  type Run,
} from '../packed-project.js';
import { REPO_ROOT } from '../run-vsynth.js';
import { startLocalRegistry, type LocalRegistry } from './local-registry.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'vsynth-registry-'));
const projects = path.join(work, 'projects');
const TEMPLATES = ['basic', 'batch', 'library'] as const;
const published = workspacePackages()
  .map(({ manifest }) => manifest as { name: string; version: string; private?: boolean })
  .filter((manifest) => manifest.private !== true);
let registry: LocalRegistry | undefined;
let unreachable: string | undefined;
let sandbox: ChildProcess | undefined;

const inProject = (name: string): string => path.join(projects, name);
const npm = (args: readonly string[], cwd: string, timeout = 120_000): Promise<Run> =>
  run('npm', args, { cwd, env: registry!.env, timeout, inheritEnv: false });
const ok = (result: Run, what: string): Run => {
  expect(result.code, `${what}:\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
};
/** The file paths in a manifest field: its string values, not its keys (subpaths, conditions). */
const leaves = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(leaves)
      : [];

beforeAll(async () => {
  mkdirSync(projects, { recursive: true });
  const local = await startLocalRegistry(work);
  registry = local;
  const upstream = await fetch(`${registry.upstream}typescript`, { method: 'HEAD' }).catch((error: Error) => error);
  if (upstream instanceof Error) {
    unreachable = `the upstream registry ${registry.upstream} is unreachable (${upstream.message})`;
    return;
  }
  // Exactly what a maintainer runs: build every package, then `pnpm publish -r` in dependency order.
  const release = await withBuildLock(() =>
    run('npx', ['--yes', 'pnpm@10', 'release'], {
      cwd: REPO_ROOT,
      env: local.releaseEnv,
      timeout: 570_000,
      inheritEnv: false,
    }),
  );
  ok(release, 'pnpm release');
}, 600_000);

afterAll(async () => {
  sandbox?.kill();
  await registry?.stop();
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('published to a local registry by pnpm release', () => {
  it('every public package is on the registry at its version, and create-vsynth and @vsynth/* come from nowhere else', async ({
    skip,
  }) => {
    if (unreachable !== undefined) return skip(unreachable);
    for (const { name, version } of published) {
      const response = await fetch(`${registry!.url}${name.replace('/', '%2f')}`);
      expect(response.status, name).toBe(200);
      const packument = (await response.json()) as { versions: Record<string, unknown> };
      expect(Object.keys(packument.versions), name).toEqual([version]);
    }
    const absent = await fetch(`${registry!.url}@vsynth%2fnot-published`);
    expect(absent.status).toBe(404);
  });

  it('each tarball carries LICENSE, README and every file its manifest names; its built imports are declared', async ({
    skip,
  }) => {
    if (unreachable !== undefined) return skip(unreachable);
    const tarballs = path.join(work, 'tarballs');
    mkdirSync(tarballs, { recursive: true });
    const specs = published.map(({ name, version }) => `${name}@${version}`);
    ok(await npm(['pack', ...specs, '--pack-destination', tarballs], tarballs), 'npm pack');
    const builtins = new Set(builtinModules);
    for (const tarball of readdirSync(tarballs).filter((file) => file.endsWith('.tgz'))) {
      const into = path.join(tarballs, path.basename(tarball, '.tgz'));
      mkdirSync(into);
      ok(await run('tar', ['xzf', path.join(tarballs, tarball), '-C', into], { cwd: tarballs }), 'tar');
      const root = path.join(into, 'package');
      const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
      expect(readFileSync(path.join(root, 'LICENSE'), 'utf8'), tarball).toBe(
        readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8'),
      );
      expect(existsSync(path.join(root, 'README.md')), tarball).toBe(true);
      const fields = ['main', 'types', 'exports', 'typesVersions', 'bin'].map((field) => manifest[field]);
      for (const target of leaves(fields))
        expect(existsSync(path.join(root, target)), `${tarball}: ${target}`).toBe(true);
      const declared = new Set(
        ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
          Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
        ),
      );
      // templates/ holds the files of a user's project (create-vsynth), which declares its own dependencies.
      const js = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.m?js$/.test(file) && !file.startsWith('templates/'),
      );
      const undeclared = js.flatMap((file) =>
        bareImports(readFileSync(path.join(root, file), 'utf8'))
          .map(packageOf)
          .filter((name) => !name.startsWith('node:') && !builtins.has(name) && !declared.has(name))
          .filter((name) => name !== manifest['name'])
          .map((name) => `${tarball} ${file} imports ${name}`),
      );
      expect(undeclared).toEqual([]);
    }
  });
});

describe('npm create vsynth@latest, outside the repository, with only the local registry', () => {
  it('npm create vsynth@latest --template basic|batch|library, then npm install in each (in parallel)', async ({
    skip,
  }) => {
    if (unreachable !== undefined) return skip(unreachable);
    await Promise.all(
      TEMPLATES.map(async (template) => {
        const created = ok(
          await npm(['create', '--yes', 'vsynth@latest', `my-${template}`, '--', '--template', template], projects),
          `npm create (${template})`,
        );
        expect(created.stdout).toContain(`Created a ${template} vsynth project in my-${template}`);
        ok(await npm(['install'], inProject(`my-${template}`), 200_000), `npm install (${template})`);
      }),
    );
  }, 240_000);

  for (const template of TEMPLATES) {
    it(`--template ${template}: the project's own npm test passes`, async ({ skip }) => {
      if (unreachable !== undefined || !existsSync(inProject(`my-${template}/node_modules`)))
        return skip(unreachable ?? 'not installed');
      ok(await npm(['test'], inProject(`my-${template}`)), 'npm test');
    }, 60_000);
  }

  it('basic: npx vsynth compile, preview (a PNG), sandbox --port 0 and submit --wait', async ({ skip }) => {
    if (unreachable !== undefined) return skip(unreachable);
    const cwd = inProject('my-basic');
    // The Redis queue is an optional peer: basic lacks it and says what to add; batch has it.
    expect(existsSync(path.join(cwd, 'node_modules/@vsynth/queue'))).toBe(false);
    expect(existsSync(path.join(inProject('my-batch'), 'node_modules/@vsynth/queue'))).toBe(true);
    const worker = await npm(['exec', '--', 'vsynth', 'worker', '--queue', 'redis://127.0.0.1:1'], cwd);
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain(
      'needs the package @vsynth/queue, which is not installed: npm install @vsynth/queue',
    );
    const compiled = ok(await npm(['exec', '--', 'vsynth', 'compile', 'video.tsx'], cwd), 'vsynth compile');
    expect((JSON.parse(compiled.stdout) as { name: string }).name).toBe('My first vsynth video');
    ok(await npm(['exec', '--', 'vsynth', 'preview', 'video.tsx', '--out', 'storyboard'], cwd), 'vsynth preview');
    const png = readFileSync(path.join(cwd, 'storyboard', 'contact-sheet.png'));
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const started = await startServer(cwd, ['sandbox', '--port', '0', '--quiet', '--data-dir', 'sandbox-data']);
    sandbox = started.child;
    const submitted = ok(
      await run('npx', ['--no-install', 'vsynth', 'submit', 'video.tsx', '--wait', '--wait-timeout', '60'], {
        cwd,
        env: { ...registry!.env, VSYNTH_BASE_URL: started.url, VSYNTH_API_KEY: 'sandbox-key' },
        inheritEnv: false,
      }),
      'vsynth submit --wait',
    );
    const result = JSON.parse(submitted.stdout) as { projectId: string; delivery: { location: string } };
    expect(result.delivery.location).toContain(result.projectId);
  }, 120_000);

  it('library: node build.mjs, and a build.ts importing node:fs type-checks (npm test) and runs under tsx', async ({
    skip,
  }) => {
    if (unreachable !== undefined) return skip(unreachable);
    const cwd = inProject('my-library');
    const built = ok(
      await run(process.execPath, ['build.mjs'], { cwd, env: registry!.env, inheritEnv: false }),
      'node build.mjs',
    );
    expect(JSON.parse(built.stdout)).toMatchObject({ video: 'My first vsynth video', scenes: 1, rows: 3 });
    writeFileSync(
      path.join(cwd, 'build.ts'),
      [
        "import { readFileSync } from 'node:fs';",
        "import { compileFile } from '@vsynth/jsx-runtime';",
        '',
        "const rows: number = readFileSync('people.csv', 'utf8').trim().split('\\n').length - 1;",
        "const { payload } = await compileFile('video.tsx');",
        'console.log(JSON.stringify({ video: payload.name, rows }));',
        '',
      ].join('\n'),
    );
    ok(await npm(['test'], cwd), 'npm test with build.ts');
    const ran = ok(await npm(['exec', '--', 'tsx', 'build.ts'], cwd), 'tsx build.ts');
    expect(JSON.parse(ran.stdout)).toEqual({ video: 'My first vsynth video', rows: 3 });
  }, 120_000);

  it('npm install @vsynth/jsx-runtime into an empty project, then compile through the library API', async ({
    skip,
  }) => {
    if (unreachable !== undefined) return skip(unreachable);
    const cwd = inProject('api-only');
    mkdirSync(cwd);
    writeFileSync(path.join(cwd, 'package.json'), '{ "name": "api-only", "private": true, "type": "module" }\n');
    ok(await npm(['install', '@vsynth/jsx-runtime'], cwd, 180_000), 'npm install @vsynth/jsx-runtime');
    expect(readdirSync(path.join(cwd, 'node_modules/@vsynth')).sort()).toEqual(['core', 'jsx-runtime']);
    for (const file of ['video.tsx', 'avatars.ts'])
      copyFileSync(path.join(REPO_ROOT, 'packages/create-vsynth/templates/common', file), path.join(cwd, file));
    writeFileSync(
      path.join(cwd, 'compile.mjs'),
      "import { compileFile } from '@vsynth/jsx-runtime';\nconst { payload } = await compileFile('video.tsx');\nconsole.log(payload.name, payload.scenes.length);\n",
    );
    const compiled = ok(
      await run(process.execPath, ['compile.mjs'], { cwd, env: registry!.env, inheritEnv: false }),
      'compile.mjs',
    );
    expect(compiled.stdout).toBe('My first vsynth video 1\n');
  }, 240_000);
});
