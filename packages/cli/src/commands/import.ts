/**
 * `vsynth import <payload.json|-> [--out video.tsx] [--avatars avatars.ts] [--force]`: turns a
 * v3 create request, a legacy project request or a stored project record into a TSX video and
 * an avatars module that compile back to it.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { UsageError, formatIssues, parseJsonText } from '@vsynth/core';
import { readTextFile } from '../read-text-file.js';

export interface ImportCommandOptions {
  /** Where the TSX goes; stdout when absent. */
  readonly out?: string;
  /** Where the avatars module goes; default `avatars.ts` beside `--out`. */
  readonly avatars?: string;
  readonly force?: boolean;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
  readonly stdin?: AsyncIterable<string | Buffer>;
}

/** What {@link runImport} wrote. */
export interface ImportCommandResult {
  readonly files: string[];
  readonly carried: string[];
}

/**
 * Registers `vsynth import`. Exit 0 when written, 3 with every located problem when the input is
 * not a valid create or legacy request (as `vsynth validate` prints them), 2 for an unreadable
 * file, an existing output without `--force`, or avatars with nowhere to go. Nothing is written
 * unless everything is.
 *
 * @example registerImport(program) // vsynth import examples/payloads/create-variant-a.json --out video.tsx
 */
export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      'Turn a payload JSON (v3 create, legacy, or a stored project record) into a TSX video and an avatars module',
    )
    .argument('<payload>', 'JSON file, or - for stdin')
    .option('--out <file>', 'write the TSX here (default: print it on stdout)')
    .option('--avatars <file>', 'write the avatars module here (default: avatars.ts beside --out)')
    .option('--force', 'replace output files that exist')
    .addHelpText(
      'after',
      '\nCompiling the TSX with the target and variant it names gives the payload back; fields the components cannot\n' +
        'express are carried in raw={{…}} props and listed on stderr.\n\nExamples:\n' +
        '  vsynth import examples/payloads/create-variant-a.json --out video.tsx\n  vsynth find k-42 | vsynth import - --out video.tsx',
    )
    .action(async (file: string, options: ImportCommandOptions) => {
      await runImport(file, options);
    });
}

/**
 * Imports one payload and writes the modules: both files or none.
 *
 * @example await runImport('examples/payloads/legacy.json', { out: 'legacy-video.tsx' })
 */
export async function runImport(file: string, options: ImportCommandOptions = {}): Promise<ImportCommandResult> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const source = file === '-' ? 'stdin' : file;
  const avatarsFile =
    options.avatars ?? (options.out === undefined ? undefined : path.join(path.dirname(options.out), 'avatars.ts'));
  if (
    options.out !== undefined &&
    avatarsFile !== undefined &&
    path.resolve(options.out) === path.resolve(avatarsFile)
  ) {
    throw new UsageError(`--out and --avatars are the same file (${options.out}); give two different files`);
  }
  if (options.force !== true) {
    for (const target of [options.out, options.avatars]) {
      if (target !== undefined && existsSync(target))
        throw new UsageError(`${target} exists; pass --force to replace it, or choose another file`);
    }
  }
  const text =
    file === '-' ? await readStdin(options.stdin ?? process.stdin) : await readTextFile(file, { what: 'payload' });
  const input = parseJsonText(text, { source });
  const { importProject } = await import('@vsynth/jsx-runtime');
  const specifier =
    avatarsFile === undefined ? './avatars.js' : moduleSpecifier(options.out ?? 'video.tsx', avatarsFile);
  const result = await importProject(input, { subject: source, avatarsModule: specifier });
  if (result.warnings.length > 0) stderr.write(`${formatIssues(result.warnings)}\n`);
  if (result.avatars !== '' && avatarsFile === undefined) {
    throw new UsageError(
      'The project uses avatar model objects, which go into an avatars module: give --out (the module goes beside it) or --avatars <file>',
    );
  }
  // The default avatars file beside --out is a file the user did not name: check it only now that it is needed.
  if (
    result.avatars !== '' &&
    avatarsFile !== undefined &&
    options.avatars === undefined &&
    options.force !== true &&
    existsSync(avatarsFile)
  ) {
    throw new UsageError(`${avatarsFile} exists; pass --force to replace it, or --avatars <file> to choose another`);
  }
  const writes: [string, string][] = [];
  if (result.avatars !== '' && avatarsFile !== undefined) writes.push([avatarsFile, result.avatars]);
  if (options.out !== undefined) writes.push([options.out, result.tsx]);
  await writeAll(writes);
  if (options.out === undefined) stdout.write(result.tsx);
  const flags = result.target === 'legacy' ? '--target legacy' : `--variant ${result.variant}`;
  const written = writes.map(([f]) => f);
  stderr.write(
    `✔ ${source}: ${result.target === 'legacy' ? 'legacy project' : `v3 create request, variant ${result.variant}`}` +
      `${written.length > 0 ? `; wrote ${written.join(' and ')}` : ''}; compile it back with: vsynth compile ${options.out ?? '<file>'} ${flags}\n`,
  );
  if (result.carried.length > 0) {
    stderr.write(
      `carried unchanged in raw props (${result.carried.length} field${result.carried.length === 1 ? '' : 's'} no prop expresses):\n`,
    );
    for (const field of result.carried) stderr.write(`  ${field}\n`);
  }
  return { files: written, carried: result.carried };
}

/** `./avatars.js`: the avatars file as the TSX imports it (`.ts` written as `.js`, NodeNext). */
function moduleSpecifier(out: string, avatars: string): string {
  let relative = path
    .relative(path.dirname(path.resolve(out)), path.resolve(avatars))
    .split(path.sep)
    .join('/');
  relative = relative.replace(/\.(m|c)?tsx?$/, (ext) =>
    ext.startsWith('.m') ? '.mjs' : ext.startsWith('.c') ? '.cjs' : '.js',
  );
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Every file to a temporary sibling first (its folder made if missing), then renamed into place; on failure no file is
 * left.
 */
async function writeAll(writes: readonly [string, string][]): Promise<void> {
  const temps = writes.map(([file]) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`));
  const renamed: string[] = [];
  try {
    for (const [i, [file, text]] of writes.entries()) {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temps[i] as string, text, { flag: 'wx' });
      } catch (error) {
        throw new UsageError(`Cannot write ${file}: ${(error as Error).message}`, { cause: error });
      }
    }
    for (const [i, [file]] of writes.entries()) {
      await rename(temps[i] as string, file);
      renamed.push(file);
    }
  } catch (error) {
    await Promise.all([...temps, ...renamed].map((f) => unlink(f).catch(() => undefined)));
    throw error;
  }
}

/** Decoded once at the end: a UTF-8 character split across two chunks stays whole. */
async function readStdin(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
