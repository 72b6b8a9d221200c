import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vsynth-lazy-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A module resolve hook that appends every resolved URL to a file: what the CLI process loads.
const hooks = join(dir, 'record-hooks.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
let out;
export function initialize(data) { out = data.out; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(out, result.url + '\\n');
  return result;
}
`,
);

/** The URLs of the modules the real CLI (as `pnpm vsynth` runs it) loads for `args`. */
function loadedModules(name: string, ...args: string[]): Promise<{ code: number; stdout: string; urls: string[] }> {
  const out = join(dir, `${name}.txt`);
  writeFileSync(out, '');
  const register = join(dir, `${name}-register.mjs`);
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { out: ${JSON.stringify(out)} } });\n`,
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        '--conditions=@vsynth/source',
        '--import',
        pathToFileURL(register).href,
        '--import',
        'tsx',
        'packages/cli/src/index.ts',
        ...args,
      ],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, urls: readFileSync(out, 'utf8').split('\n').filter(Boolean) });
      },
    );
  });
}

const heavy = ['batch', 'jsx-runtime', 'preview', 'sandbox', 'templates'];

function packagesLoaded(urls: readonly string[]): string[] {
  const names = urls
    .map((url) => /\/packages\/([^/]+)\//.exec(url)?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)].sort();
}

describe('vsynth start-up', () => {
  it('--help loads no command module and no other package (not even @vsynth/core and its schemas)', async () => {
    const run = await loadedModules('help', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('batch');
    expect(run.stdout).toContain('preview');
    // The recorder saw the CLI's own modules, so an empty list cannot pass by accident.
    expect(run.urls.some((url) => url.endsWith('/packages/cli/src/lazy-command.ts'))).toBe(true);
    expect(run.urls.filter((url) => url.includes('/packages/cli/src/commands/'))).toEqual([]);
    expect(packagesLoaded(run.urls)).toEqual(['cli']);
  });

  it('a command loads its packages when it runs: batch --help does not, compile does', async () => {
    const [help, compile] = await Promise.all([
      loadedModules('batch-help', 'batch', '--help'),
      loadedModules('compile', 'compile', join(dir, 'missing.tsx')),
    ]);
    expect(help.code).toBe(0);
    expect(packagesLoaded(help.urls).filter((name) => heavy.includes(name))).toEqual([]);
    // Only the module of the command that runs.
    expect(help.urls.some((url) => url.endsWith('/packages/cli/src/commands/batch.ts'))).toBe(true);
    expect(help.urls.some((url) => url.endsWith('/packages/cli/src/commands/compile.ts'))).toBe(false);
    expect(compile.code).toBe(2);
    expect(packagesLoaded(compile.urls)).toContain('jsx-runtime');
  });
});
