import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the loaded runtime modules wait for the shims; `Symbol.for` so every copy agrees. */
const LOADED = Symbol.for('vsynth.jsx-runtime.loaded');

/**
 * Tiny ES modules, per specifier their URL, that hand a loaded file this process's `@vsynth/jsx-runtime`
 * instead of a copy (also when the caller runs it from the sources or under a test runner's loader), so a
 * video's elements are the caller's and nothing is loaded twice. Elements from any copy are alike
 * (`Symbol.for` brands).
 */
export async function runtimeShims(): Promise<Readonly<Record<string, string>>> {
  const loaded: Record<string, Record<string, unknown>> = {
    '@vsynth/jsx-runtime': (await import('../index.js')) as Record<string, unknown>,
    '@vsynth/jsx-runtime/jsx-runtime': (await import('../jsx-runtime.js')) as Record<string, unknown>,
    '@vsynth/jsx-runtime/jsx-dev-runtime': (await import('../jsx-dev-runtime.js')) as Record<string, unknown>,
  };
  (globalThis as Record<symbol, unknown>)[LOADED] = loaded;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.join(os.tmpdir(), `vsynth-tsx-${hash(here)}`);
  await mkdir(dir, { recursive: true });
  const modules: Record<string, string> = {};
  for (const [specifier, exports] of Object.entries(loaded)) {
    const name = specifier === '@vsynth/jsx-runtime' ? 'index' : specifier.slice('@vsynth/jsx-runtime/'.length);
    const from = `globalThis[Symbol.for('vsynth.jsx-runtime.loaded')][${JSON.stringify(specifier)}]`;
    const names = Object.keys(exports).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default');
    const esm = `const loaded = ${from};\nexport const { ${names.join(', ')} } = loaded;\n`;
    // Named by content: processes of other versions never overwrite each other's shims.
    modules[specifier] = pathToFileURL(await writeOnce(path.join(dir, `${name}-${hash(esm)}.mjs`), esm)).href;
  }
  return modules;
}

/** Writes `file` unless it exists; never half-written for a concurrent reader. */
async function writeOnce(file: string, text: string): Promise<string> {
  if (existsSync(file)) return file;
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
  return file;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
