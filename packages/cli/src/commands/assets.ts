/**
 * `vsynth assets <file.tsx>`: lists the local files a video uses, with size, content hash and the address
 * each will have under `--asset-base-url`, as JSON, so a build script can upload them before submitting.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { findLocalSources, formatIssues, formatPath, omitUndefined, UsageError } from '@vsynth/core';
import { addAssetFlags, type AssetFlags } from '../asset-flags.js';
import { readPropsOption } from '../read-props-option.js';

export interface AssetsCommandOptions extends AssetFlags {
  /** JSON file with the props for a component default export. */
  readonly props?: string;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
}

/** One local file a video uses. */
export interface LocalAsset {
  /** Path relative to the working directory (absolute outside it). */
  readonly file: string;
  /** Bytes; `null` when the file is missing. */
  readonly size: number | null;
  /** `sha256:<hex>` of the content; `null` when the file is missing. */
  readonly hash: string | null;
  /** The address it will have under `--asset-base-url`; `null` without one. */
  readonly address: string | null;
  /** Payload paths that name it. */
  readonly usedAt: readonly string[];
}

/** @example registerAssets(program) // vsynth assets videos/promo.tsx --asset-base-url https://cdn.example.com/site */
export function registerAssets(program: Command): void {
  const command = program
    .command('assets')
    .description('List the local files a TSX video uses with size, content hash and hosted address; print JSON')
    .argument('<file>', '.tsx file whose default export is a <Video> element or a component')
    .option('--props <file>', 'JSON file with the props for a component default export');
  addAssetFlags(command)
    .addHelpText(
      'after',
      '\nExamples:\n  vsynth assets videos/promo.tsx --asset-base-url https://cdn.example.com/site\n' +
        '  vsynth assets videos/promo.tsx | jq -r ".[].file"',
    )
    .action(async (file: string, options: AssetsCommandOptions) => {
      await runAssets(file, options);
    });
}

/** Compiles `file` with local assets as `file:` URLs and lists each file once, in payload order. */
export async function runAssets(file: string, options: AssetsCommandOptions = {}): Promise<LocalAsset[]> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  if (!/\.[cm]?tsx?$/.test(file)) throw new UsageError(`${file} is not a .tsx file; give the TSX video.`);
  const { compileFile, hostedAddress } = await import('@vsynth/jsx-runtime');
  const props = options.props === undefined ? undefined : await readPropsOption(options.props);
  // Variant B: where the speech goes does not change which files a video uses, and it needs no avatar.
  const result = await compileFile(file, { variant: 'B', ...omitUndefined({ props }) });
  if (result.warnings.length > 0) stderr.write(`${formatIssues(result.warnings)}\n`);
  const cwd = process.cwd();
  const root = path.resolve(cwd, options.assetRoot ?? '.');
  const byFile = new Map<string, string[]>();
  for (const found of findLocalSources(result.payload)) {
    const value = valueAt(result.payload, found.path);
    if (!/^file:/i.test(value)) continue;
    const at = byFile.get(value) ?? [];
    at.push(formatPath(found.path));
    byFile.set(value, at);
  }
  const assets: LocalAsset[] = [];
  for (const [url, usedAt] of byFile) {
    const absolute = fileURLToPath(url);
    const bytes = await readFile(absolute).catch(() => undefined);
    const relative = path.relative(root, absolute);
    const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
    const address =
      options.assetBaseUrl === undefined || !inside ? null : hostedAddress(options.assetBaseUrl, relative);
    const shown = path.relative(cwd, absolute);
    assets.push({
      file: shown.startsWith('..') || path.isAbsolute(shown) ? absolute : shown.split(path.sep).join('/'),
      size: bytes?.length ?? null,
      hash: bytes === undefined ? null : `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
      address,
      usedAt,
    });
  }
  stdout.write(`${JSON.stringify(assets, null, 2)}\n`);
  return assets;
}

function valueAt(root: unknown, at: readonly (string | number)[]): string {
  let current: unknown = root;
  for (const key of at) current = (current as Record<string | number, unknown>)[key];
  return String(current);
}
