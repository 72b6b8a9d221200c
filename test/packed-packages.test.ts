/**
 * The packages as a user gets them: build, `pnpm pack` every package, check the packed manifests
 * and built imports, then install the tarballs with npm into a fresh project outside the
 * repository and use vsynth there as its README says (compile, tsc, init, library API, sandbox).
 */
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './run-vsynth.js';
import {
  bareImports,
  buildAndPack,
  packageOf,
  run,
  startSandbox,
  startServer,
  workspacePackages,
  type Run,
} from './packed-project.js';
import { textClip, variantA } from './sandbox-helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'vsynth-packed-'));
const tarballDir = path.join(work, 'tarballs');
const unpacked = path.join(work, 'unpacked');
const project = path.join(work, 'my app');
let tarballs: string[] = [];
let notInstalled: string | undefined = 'not installed yet';
let sandbox: ChildProcess | undefined;
let sandboxUrl: string | undefined;
let studio: ChildProcess | undefined;

const TEMPLATES = path.join(REPO_ROOT, 'packages/create-vsynth/templates/common');
const AVATARS = readFileSync(path.join(TEMPLATES, 'avatars.ts'), 'utf8');
const video = (avatarsFrom: string): string =>
  readFileSync(path.join(TEMPLATES, 'video.tsx'), 'utf8').replace("'./avatars.js'", `'${avatarsFrom}'`);
const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
};
const vsynth = (args: readonly string[], cwd = project, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  run('npx', ['--no-install', 'vsynth', ...args], { cwd, env });
/** The file paths in a manifest field: its string values, not its keys (subpaths, conditions). */
const leaves = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(leaves)
      : [];
const compiled = (result: Run): { name?: string; scenes?: unknown[] } => {
  expect(result.stderr, result.stderr).not.toMatch(/error/i);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { name?: string; scenes?: unknown[] };
};

beforeAll(async () => {
  mkdirSync(tarballDir, { recursive: true });
  tarballs = await buildAndPack(tarballDir);
  for (const tarball of tarballs) {
    const into = path.join(unpacked, path.basename(tarball, '.tgz'));
    mkdirSync(into, { recursive: true });
    const untar = await run('tar', ['xzf', tarball, '-C', into], { cwd: work });
    if (untar.code !== 0) throw new Error(untar.stderr);
  }
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'my-app', private: true, type: 'module' }, null, 2)}\n`,
  );
  // The persistent npm cache makes a second run offline; the tarballs stand in for the registry's @vsynth/*.
  const install = await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      ...tarballs,
      'typescript@~5.9.3',
      '@types/node@^20.19.0',
    ],
    { cwd: project, timeout: 150_000 },
  );
  if (install.code === 0) notInstalled = undefined;
  else if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|ECONNRESET/.test(install.stderr))
    notInstalled = 'the npm registry is unreachable';
  else throw new Error(`npm install failed:\n${install.stderr}`);
}, 600_000);

afterAll(() => {
  sandbox?.kill();
  studio?.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('packed packages', () => {
  it('packs every workspace package, with real version ranges (no workspace: or catalog:)', () => {
    const names = workspacePackages().map(({ manifest }) => manifest['name']);
    expect(tarballs).toHaveLength(names.length);
    for (const dir of readdirSync(unpacked)) {
      const text = readFileSync(path.join(unpacked, dir, 'package/package.json'), 'utf8');
      expect(text, dir).not.toMatch(/workspace:|catalog:/);
      const manifest = JSON.parse(text) as { dependencies?: Record<string, string> };
      for (const [name, range] of Object.entries(manifest.dependencies ?? {}))
        expect(range, `${dir} ${name}`).toMatch(/^[~^]?\d+\.\d+\.\d+/);
    }
  });

  it('ships built JS and declarations only where main, types, exports, typesVersions and bin point, and no tests or sources', () => {
    for (const dir of readdirSync(unpacked)) {
      const root = path.join(unpacked, dir, 'package');
      const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
      const targets = leaves([
        manifest['main'],
        manifest['types'],
        manifest['exports'],
        manifest['typesVersions'],
        manifest['bin'],
      ]);
      expect(targets.length, dir).toBeGreaterThan(2);
      for (const target of targets) expect(existsSync(path.join(root, target)), `${dir}: ${target}`).toBe(true);
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
      expect(
        files.filter((file) => /\.test\.|(^|\/)src\/|\.map$/.test(file)),
        dir,
      ).toEqual([]);
    }
  });

  it('the preview ships the DejaVu Sans faces its fallback draws with, their licence, and no other font', () => {
    const fonts = path.join(
      unpacked,
      readdirSync(unpacked).find((dir) => dir.includes('preview')) ?? '',
      'package/fonts',
    );
    expect(readdirSync(fonts).sort()).toEqual([
      'DejaVuSans-Bold.ttf',
      'DejaVuSans-BoldOblique.ttf',
      'DejaVuSans-Oblique.ttf',
      'DejaVuSans.ttf',
      'LICENSE',
    ]);
  });

  it('every bare import in the built JS is a declared dependency or a Node built-in', () => {
    const builtins = new Set(builtinModules);
    for (const dir of readdirSync(unpacked)) {
      const root = path.join(unpacked, dir, 'package');
      const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      const declared = new Set([
        ...Object.keys(manifest['dependencies'] ?? {}),
        ...Object.keys(manifest['peerDependencies'] ?? {}),
        ...Object.keys(manifest['optionalDependencies'] ?? {}),
      ]);
      // create-vsynth's templates are the files of the user's new project, not code it runs.
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
        (file) => (file.endsWith('.js') || file.endsWith('.mjs')) && !file.startsWith('templates/'),
      );
      const missing = files.flatMap((file) =>
        bareImports(readFileSync(path.join(root, file), 'utf8'))
          .filter(
            (specifier) =>
              !specifier.startsWith('node:') &&
              !builtins.has(specifier) &&
              !declared.has(packageOf(specifier)) &&
              packageOf(specifier) !== String(manifest['name']),
          )
          .map((specifier) => `${dir}/${file} imports ${specifier}`),
      );
      expect(missing).toEqual([]);
    }
  });
});

describe('in a fresh project outside the repository, from the installed tarballs', () => {
  const requireInstall = (skip: (note?: string) => void): void => {
    if (notInstalled !== undefined) skip(`npm install of the tarballs did not run: ${notInstalled}`);
  };

  it('the vsynth bin runs built JS with plain node: validate loads no TypeScript loader (tsx, esbuild), --help not even @vsynth/core', async ({
    skip,
  }) => {
    requireInstall(skip);
    const recorder = path.join(work, 'record.mjs');
    // A resolve hook that prints every module URL the process loads to stderr.
    const hook = `export async function resolve(s, c, next) { const r = await next(s, c); process._rawDebug('loaded ' + r.url); return r; }`;
    writeFileSync(
      recorder,
      `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`,
    );
    cpSync(path.join(REPO_ROOT, 'examples/payloads/create-variant-a.json'), path.join(project, 'payload.json'));
    const bin = path.join(project, 'node_modules/.bin/vsynth');
    const loaded = (result: Run): string[] =>
      result.stderr
        .split('\n')
        .filter((line) => line.startsWith('loaded '))
        .map((line) => line.slice('loaded '.length));
    const validate = await run(process.execPath, ['--import', recorder, bin, 'validate', 'payload.json'], {
      cwd: project,
    });
    expect(validate.code, validate.stderr).toBe(0);
    expect(loaded(validate).some((url) => url.includes('/node_modules/@vsynth/core/dist/'))).toBe(true);
    expect(loaded(validate).filter((url) => /\/node_modules\/(tsx|esbuild|@esbuild)\/|\.ts$/.test(url))).toEqual([]);
    const help = await run(process.execPath, ['--import', recorder, bin, '--help'], { cwd: project });
    expect(help.code).toBe(0);
    expect(
      loaded(help).filter((url) => url.includes('/node_modules/@vsynth/') && !url.includes('/@vsynth/cli/')),
    ).toEqual([]);
  });

  it('npx vsynth compile: no tsconfig at all', async ({ skip }) => {
    requireInstall(skip);
    write('video.tsx', video('./avatars.js'));
    write('avatars.ts', AVATARS);
    expect(compiled(await vsynth(['compile', 'video.tsx'])).name).toBe('My first vsynth video');
  });

  it('npx vsynth compile: under a tsconfig with "jsx": "react"', async ({ skip }) => {
    requireInstall(skip);
    write(
      'react-config/tsconfig.json',
      JSON.stringify({ compilerOptions: { jsx: 'react', module: 'NodeNext', moduleResolution: 'NodeNext' } }),
    );
    write('react-config/video.tsx', video('./avatars.js'));
    write('react-config/avatars.ts', AVATARS);
    expect(compiled(await vsynth(['compile', 'react-config/video.tsx'])).name).toBe('My first vsynth video');
  });

  it('npx vsynth compile: a video in a dot-folder', async ({ skip }) => {
    requireInstall(skip);
    write('.videos/video.tsx', video('./avatars.js'));
    write('.videos/avatars.ts', AVATARS);
    expect(compiled(await vsynth(['compile', '.videos/video.tsx'])).name).toBe('My first vsynth video');
  });

  it('npx vsynth compile: the tsconfig paths alias @/avatars.js', async ({ skip }) => {
    requireInstall(skip);
    write(
      'aliased/tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          jsx: 'react-jsx',
          jsxImportSource: '@vsynth/jsx-runtime',
          baseUrl: '.',
          paths: { '@/*': ['./src/*'] },
        },
      }),
    );
    write('aliased/video.tsx', video('@/avatars.js'));
    write('aliased/src/avatars.ts', AVATARS);
    expect(compiled(await vsynth(['compile', 'aliased/video.tsx'])).name).toBe('My first vsynth video');
  });

  it('npx vsynth compile: a component from a package in node_modules (built JS and .tsx)', async ({ skip }) => {
    requireInstall(skip);
    write(
      'node_modules/@acme/titles-js/package.json',
      JSON.stringify({ name: '@acme/titles-js', version: '1.0.0', type: 'module', exports: './index.js' }),
    );
    write(
      'node_modules/@acme/titles-js/index.js',
      "import { jsx } from '@vsynth/jsx-runtime/jsx-runtime';\nimport { Text } from '@vsynth/jsx-runtime';\nexport const Headline = ({ children }) => jsx(Text, { tag: 'title', x: -0.2, y: -0.3, children });\n",
    );
    write(
      'node_modules/@acme/titles-tsx/package.json',
      JSON.stringify({ name: '@acme/titles-tsx', version: '1.0.0', type: 'module', exports: './index.tsx' }),
    );
    write(
      'node_modules/@acme/titles-tsx/index.tsx',
      'import { Text } from \'@vsynth/jsx-runtime\';\nexport const Caption = ({ children }: { children: string }) => <Text tag="subtitles" x={-0.2} y={0.3}>{children}</Text>;\n',
    );
    write(
      'components.tsx',
      video('./avatars.js')
        .replace(
          "import { anna } from './avatars.js';",
          "import { anna } from './avatars.js';\nimport { Headline } from '@acme/titles-js';\nimport { Caption } from '@acme/titles-tsx';",
        )
        .replace(
          '</Scene>',
          '  <Headline>From a built package</Headline>\n      <Caption>From a .tsx package</Caption>\n    </Scene>',
        ),
    );
    const payload = JSON.stringify(compiled(await vsynth(['compile', 'components.tsx'])));
    expect(payload).toContain('From a built package');
    expect(payload).toContain('From a .tsx package');
  });

  it('tsc --noEmit passes on a good video under moduleResolution node10, node16, nodenext and bundler; a wrong prop fails at its line', async ({
    skip,
  }) => {
    requireInstall(skip);
    write('typed/avatars.ts', AVATARS);
    write('typed/good.tsx', video('./avatars.js'));
    const bad = video('./avatars.js').replace(
      '<Avatar model={anna} x={0.22} y={0.04}>',
      '<Avatar model={anna} x={0.22} y={0.04} scale="big">',
    );
    const badLine = bad.split('\n').findIndex((line) => line.includes('scale="big"')) + 1;
    // tsc points at the attribute: scale="big" is not a number.
    const badColumn = (bad.split('\n')[badLine - 1] ?? '').indexOf('scale="big"') + 1;
    write('typed/bad.tsx', bad);
    const modes = { node10: 'ESNext', node16: 'Node16', nodenext: 'NodeNext', bundler: 'ESNext' };
    const tsc = path.join(project, 'node_modules/typescript/bin/tsc');
    const check = (mode: string): Promise<Run> => {
      const options = {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        jsx: 'react-jsx',
        jsxImportSource: '@vsynth/jsx-runtime',
        target: 'ES2022',
        module: modes[mode as keyof typeof modes],
        moduleResolution: mode,
      };
      write(
        `typed/tsconfig.${mode}.json`,
        JSON.stringify({ compilerOptions: options, files: ['good.tsx', 'bad.tsx'] }),
      );
      return run(process.execPath, [tsc, '-p', `tsconfig.${mode}.json`, '--pretty', 'false'], {
        cwd: path.join(project, 'typed'),
      });
    };
    // One tsc per mode over both files: good.tsx has no error, bad.tsx exactly the wrong prop's.
    // skipLibCheck as users (and vsynth init) set it; an unresolved import still fails in our files.
    for (const mode of Object.keys(modes)) {
      const result = await check(mode);
      expect(result.code, mode).toBe(2);
      const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
      expect(errors.map((line) => `${mode}: ${line.slice(0, line.indexOf(': error'))}`)).toEqual([
        `${mode}: bad.tsx(${badLine},${badColumn})`,
      ]);
    }
  }, 300_000);

  it('npx vsynth init (the README command) writes projects whose own npm test passes: basic, batch, library', async ({
    skip,
  }) => {
    requireInstall(skip);
    // The generated package.json asks the registry for @vsynth/*, not published from this tree:
    // the projects sit inside the installed one, so they find the tarballs' packages in ../node_modules.
    for (const template of ['basic', 'batch', 'library']) {
      const init = await vsynth(['init', `new-${template}`, '--template', template]);
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain(`Next: cd new-${template} && npm install && npm test`);
      const test = await run('npm', ['test'], { cwd: path.join(project, `new-${template}`), timeout: 60_000 });
      expect(test.code, `${template}: ${test.stdout}\n${test.stderr}`).toBe(0);
    }
    const again = await vsynth(['init', 'new-basic']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'init would overwrite package.json, video.tsx, avatars.ts, tsconfig.json, README.md in new-basic; nothing was written.',
    );
  }, 120_000);

  it('the installed preview draws Latin, Greek and Cyrillic with its shipped fonts alone (no system font)', async ({
    skip,
  }) => {
    requireInstall(skip);
    write(
      'draw.mjs',
      [
        "import { drawScenes } from '@vsynth/preview';",
        'const payload = JSON.parse(process.argv[2]);',
        'const drawn = await drawScenes(payload, { systemFonts: false, scale: 0.25 });',
        'console.log(JSON.stringify({ scenes: drawn.scenes.length, warnings: drawn.warnings.map((w) => w.message) }));',
      ].join('\n'),
    );
    const title = { ...textClip('title', undefined, 'Héllo Ωμέγα Привет'), width: 800, fontFamily: 'DejaVu Sans' };
    const video = variantA(['Hello.'], () => [title]);
    const background = { id: 'background', type: 'background', source_type: 'color', source_color: '#ffffff' };
    const payload = { ...video, scenes: video.scenes.map((scene) => ({ ...scene, background })) };
    const drawn = await run(process.execPath, ['draw.mjs', JSON.stringify(payload)], { cwd: project });
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(JSON.parse(drawn.stdout)).toEqual({ scenes: 1, warnings: [] });
  });

  it('node build.mjs: the library API compiles, validates and binds three CSV rows through a Handlebars template', async ({
    skip,
  }) => {
    requireInstall(skip);
    const dir = path.join(project, 'new-library');
    if (!existsSync(dir))
      cpSync(path.join(REPO_ROOT, 'packages/create-vsynth/templates/library'), dir, { recursive: true });
    for (const file of ['video.tsx', 'avatars.ts'])
      if (!existsSync(path.join(dir, file))) cpSync(path.join(TEMPLATES, file), path.join(dir, file));
    const build = await run(process.execPath, ['build.mjs'], { cwd: dir });
    expect(build.code, build.stderr).toBe(0);
    expect(JSON.parse(build.stdout)).toEqual({
      video: 'My first vsynth video',
      scenes: 1,
      slots: { headline: expect.any(String) },
      rows: 3,
    });
    const requests = readFileSync(path.join(dir, 'out/modify.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { projectId: string; updates: Record<string, string> });
    expect(requests.map((request) => request.projectId)).toEqual([
      'base-project-1',
      'base-project-2',
      'base-project-3',
    ]);
    expect(requests.map((request) => Object.values(request.updates)[0])).toEqual([
      'Hello Ana!',
      'Hello José!',
      'Hello Zoë "Z"!',
    ]);
  });

  it('npx vsynth import, diff, studio and worker run from the installed packages', async ({ skip }) => {
    requireInstall(skip);
    if (!existsSync(path.join(project, 'video.tsx'))) {
      write('video.tsx', video('./avatars.js'));
      write('avatars.ts', AVATARS);
    }
    const payload = await vsynth(['compile', 'video.tsx']);
    expect(payload.code, payload.stderr).toBe(0);
    write('payload.json', payload.stdout);
    const imported = await vsynth([
      'import',
      'payload.json',
      '--out',
      'imported/video.tsx',
      '--avatars',
      'imported/avatars.ts',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const same = await vsynth(['diff', 'payload.json', 'imported/video.tsx']);
    // npx may add its own `npm warn …` lines on stderr; vsynth itself prints nothing for equal videos.
    expect([
      same.code,
      same.stdout,
      same.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm warn')),
    ]).toEqual([0, '', []]);

    const started = await startServer(project, ['studio', 'video.tsx', '--port', '0', '--no-open']);
    studio = started.child;
    let state: { ok?: boolean; scenes?: unknown[]; payloads?: { v3A?: { name?: string } } } = {};
    for (let tries = 0; tries < 100 && state.ok === undefined; tries++) {
      state = (await (await fetch(new URL('/state.json', started.url))).json()) as typeof state;
      if (state.ok === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(state.ok).toBe(true);
    expect(state.payloads?.v3A?.name).toBe('My first vsynth video');
    expect(state.scenes?.length).toBeGreaterThan(0);

    const worker = await vsynth(['worker', '--queue', 'redis://127.0.0.1:1/0']);
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain("Cannot reach the queue's Redis at redis://127.0.0.1:1/0");
  });

  it('npx vsynth sandbox --port 0, then npx vsynth submit: answered with a projectId', async ({ skip }) => {
    requireInstall(skip);
    if (!existsSync(path.join(project, 'video.tsx'))) {
      write('video.tsx', video('./avatars.js'));
      write('avatars.ts', AVATARS);
    }
    const started = await startSandbox(project, path.join(work, 'sandbox-data'));
    sandbox = started.child;
    sandboxUrl = started.url;
    const submit = await vsynth(['submit', 'video.tsx'], project, {
      VSYNTH_BASE_URL: started.url,
      VSYNTH_LEGACY_BASE_URL: started.url,
      VSYNTH_API_KEY: 'sandbox-key',
    });
    expect(submit.code, submit.stderr).toBe(0);
    expect((JSON.parse(submit.stdout) as { projectId?: unknown }).projectId).toEqual(expect.any(String));
  });

  it('the installed sandbox draws an export’s preview (MP4 draft or contact sheet) in its render thread', async ({
    skip,
  }) => {
    requireInstall(skip);
    if (sandboxUrl === undefined) return skip('the sandbox of the previous test did not start');
    const headers = { authorization: 'sandbox-key', 'content-type': 'application/json' };
    const created = await fetch(`${sandboxUrl}/api/odin/v3/editor/project`, {
      method: 'POST',
      headers,
      body: JSON.stringify(variantA(['Drawn by the installed sandbox.'])),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { projectId } = (await created.json()) as { projectId: string };
    const view = async () =>
      (await (await fetch(`${sandboxUrl}/sandbox/projects/${projectId}`, { headers })).json()) as {
        exports: { status: string; videoUrl: string | null }[];
      };
    await expect.poll(async () => (await view()).exports[0]?.status, { timeout: 20_000, interval: 200 }).toBe('done');
    const download = await fetch((await view()).exports[0]!.videoUrl!);
    // A thread that could not load its entry from the installed files would leave the project JSON here.
    expect(['video/mp4', 'image/png']).toContain(download.headers.get('content-type'));
  });
});
