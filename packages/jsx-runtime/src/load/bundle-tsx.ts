import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';

/** The JSX settings vsynth compiles every file with, whatever the user's tsconfig says. */
const JSX_OPTIONS = { jsx: 'react-jsxdev', jsxImportSource: '@vsynth/jsx-runtime' } as const;
const RUNTIME = '@vsynth/jsx-runtime';

const LOADERS: Readonly<Record<string, Loader>> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;
const TYPESCRIPT_OR_JSX = /\.(?:[cm]?tsx?|jsx)$/;
const FILE_NAME = /^(\s*fileName: )("(?:[^"\\]|\\.)*")(,?)$/gm;

export interface BundleOptions {
  /** Module URLs that answer these specifiers instead of a resolved file (this process's runtime). */
  readonly runtime: Readonly<Record<string, string>>;
  /** Where the bundle will be written: its inline source map names the sources relative to it. */
  readonly outfile: string;
}

export interface Bundle {
  /** One ES module: the entry and every local file it imports; packages stay imports of their files. */
  readonly code: string;
  /** Absolute paths of the files bundled into it. */
  readonly files: readonly string[];
  /** esbuild's warnings (a tsconfig `extends` that cannot be found is one). */
  readonly warnings: readonly import('esbuild').Message[];
}

/**
 * Bundles a `.tsx` entry with the local files it imports into one ES module, compiled with vsynth's JSX
 * settings (each element records its `file:line:col`) and the nearest tsconfig's `paths`. Packages are
 * left as imports of their resolved files, so they load once, natively, shared with the caller; a
 * package shipped as TypeScript or JSX is compiled in. Throws esbuild's failure with located errors.
 */
export async function bundleTsx(entry: string, options: BundleOptions): Promise<Bundle> {
  const root = path.parse(entry).root;
  const userTsconfig = nearestTsconfig(path.dirname(entry));
  const tsconfig =
    userTsconfig === undefined
      ? { tsconfigRaw: { compilerOptions: JSX_OPTIONS } }
      : { tsconfig: await jsxTsconfig(userTsconfig) };
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    outfile: options.outfile,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    sourcemap: 'inline',
    metafile: true,
    charset: 'utf8',
    keepNames: true,
    logLevel: 'silent',
    ...tsconfig,
    plugins: [packagesOutside(options.runtime), moduleUrls()],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const files = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
  return { code: absoluteElementFiles(code, root), files, warnings: result.warnings };
}

/**
 * Bare specifiers: the runtime's to this process's modules, Node's built-ins as they are, a package as
 * an import of the file esbuild resolves it to, a tsconfig `paths` alias to a local file bundled like
 * any local file. A component library (one that ships TypeScript or JSX, or depends on the runtime) is
 * compiled in, so its elements come from this process's runtime too.
 */
function packagesOutside(runtime: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'vsynth-packages-outside',
    setup(plugin) {
      plugin.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving' || path.isAbsolute(args.path)) return undefined;
        const target = runtime[args.path];
        if (target !== undefined) return { path: target, external: true };
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const resolved = await plugin.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const compiledIn =
          !IN_NODE_MODULES.test(resolved.path) ||
          TYPESCRIPT_OR_JSX.test(resolved.path) ||
          buildsOnRuntime(resolved.path);
        if (resolved.external || compiledIn) return resolved;
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

/** `import.meta.url`, `.filename` and `.dirname` keep naming the file that wrote them, not the bundle. */
function moduleUrls(): Plugin {
  return {
    name: 'vsynth-module-urls',
    setup(plugin) {
      plugin.onLoad({ filter: SOURCE_FILE }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const loader = LOADERS[path.extname(args.path)] ?? 'js';
        if (!text.includes('import.meta.')) return { contents: text, loader };
        const contents = text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
        return { contents, loader };
      });
    },
  };
}

/** esbuild names each element's file relative to its working directory; elements record absolute paths. */
function absoluteElementFiles(code: string, root: string): string {
  return code.replace(FILE_NAME, (_line, start: string, name: string, comma: string) => {
    const relative = JSON.parse(name) as string;
    return `${start}${JSON.stringify(path.resolve(root, relative))}${comma}`;
  });
}

/** The nearest `tsconfig.json` from `dir` upwards, or `undefined` outside any project. */
function nearestTsconfig(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const candidate = path.join(at, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}

const derivedTsconfigs = new Map<string, Promise<string>>();

/**
 * A tsconfig that extends the user's and overrides only the JSX settings (the user's `paths` and the
 * rest still apply): esbuild lets a tsconfig's own JSX settings win over its build options.
 */
function jsxTsconfig(userTsconfig: string): Promise<string> {
  let derived = derivedTsconfigs.get(userTsconfig);
  if (derived === undefined) {
    derived = writeDerivedTsconfig(userTsconfig);
    derivedTsconfigs.set(userTsconfig, derived);
  }
  return derived;
}

async function writeDerivedTsconfig(userTsconfig: string): Promise<string> {
  const dir = path.join(os.tmpdir(), 'vsynth-load');
  const hash = createHash('sha256').update(userTsconfig).digest('hex').slice(0, 12);
  const file = path.join(dir, `tsconfig-${hash}.json`);
  const text = `${JSON.stringify({ extends: userTsconfig, compilerOptions: JSX_OPTIONS }, null, 2)}\n`;
  await mkdir(dir, { recursive: true });
  // Several processes may start at once: a reader must never see a half-written file.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
  return file;
}

const runtimeDependents = new Map<string, boolean>();

/** Whether the package holding `file` names the runtime among its dependencies or peer dependencies. */
function buildsOnRuntime(file: string): boolean {
  for (let dir = path.dirname(file); path.basename(dir) !== 'node_modules'; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) {
      if (path.dirname(dir) === dir) return false;
      continue;
    }
    let answer = runtimeDependents.get(manifest);
    if (answer === undefined) {
      answer = readsRuntime(manifest);
      runtimeDependents.set(manifest, answer);
    }
    return answer;
  }
  return false;
}

function readsRuntime(manifest: string): boolean {
  try {
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return [json['dependencies'], json['peerDependencies']].some((deps) => deps?.[RUNTIME] !== undefined);
  } catch {
    return false;
  }
}
