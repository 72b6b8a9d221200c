/**
 * `vsynth init --link-local`, for a clone of this repository before a release: builds and packs
 * every package of the checkout, copies the tarballs into the project's `vendor/` and makes its
 * package.json depend on them (npm `overrides` send the packages' dependencies on each other there
 * too), so `npm install` needs the registry only for third-party packages.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '@vsynth/core';

/** The checkout this CLI runs from: the folder holding pnpm-workspace.yaml above packages/cli. */
export function checkoutRoot(): string | undefined {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  return existsSync(path.join(root, 'pnpm-workspace.yaml')) && existsSync(path.join(root, 'packages/cli'))
    ? root
    : undefined;
}

/**
 * The tarball `pnpm pack` writes for each public package of the checkout, by package name.
 *
 * @example await checkoutTarballs(root) // { '@vsynth/cli': 'vsynth-cli-0.1.0.tgz', … }
 */
export async function checkoutTarballs(root: string): Promise<Record<string, string>> {
  const tarballs: Record<string, string> = {};
  for (const dir of await readdir(path.join(root, 'packages'))) {
    const file = path.join(root, 'packages', dir, 'package.json');
    if (!existsSync(file)) continue;
    const { name, version } = JSON.parse(await readFile(file, 'utf8')) as { name: string; version: string };
    if (name.startsWith('@vsynth/')) tarballs[name] = `vsynth-${name.slice('@vsynth/'.length)}-${version}.tgz`;
    else if (name === 'create-vsynth') tarballs[name] = `${name}-${version}.tgz`; // @vsynth/cli's init uses it
  }
  return tarballs;
}

/**
 * package.json fields pointing every package of the checkout at its tarball in `vendor/`: the spec
 * of a direct dependency, and the `overrides` npm applies to the packages' own dependencies on each other.
 */
export function localManifest(tarballs: Readonly<Record<string, string>>): {
  specFor: (name: string) => string;
  overrides: Record<string, string>;
} {
  const overrides = Object.fromEntries(
    Object.entries(tarballs).map(([name, tarball]) => [name, `file:vendor/${tarball}`]),
  );
  return {
    specFor: (name) => {
      const spec = overrides[name];
      if (spec === undefined) throw new Error(`this checkout has no package ${name} to pack`);
      return spec;
    },
    overrides,
  };
}

/** Builds and packs the checkout at `root`; resolves with a temporary folder of tarballs (the caller removes it). */
export async function packCheckout(root: string, log: { write(text: string): unknown }): Promise<string> {
  const into = await mkdtemp(path.join(os.tmpdir(), 'vsynth-link-local-'));
  const pnpm = async (args: readonly string[]): Promise<void> => {
    log.write(`pnpm ${args.join(' ')}\n`);
    await new Promise<void>((resolve, reject) => {
      execFile('npx', ['--yes', 'pnpm@10', ...args], { cwd: root, maxBuffer: 64 << 20 }, (error, _out, stderr) =>
        error === null ? resolve() : reject(new Error(`pnpm ${args.join(' ')} failed in ${root}:\n${stderr}`)),
      );
    });
  };
  try {
    await pnpm(['build']);
    await pnpm(['-r', '--filter', './packages/*', 'exec', 'pnpm', 'pack', '--pack-destination', into]);
    return into;
  } catch (error) {
    await rm(into, { recursive: true, force: true });
    throw error;
  }
}

/** Copies `tarballs` from `packed` into `<projectRoot>/vendor`. */
export async function vendorTarballs(packed: string, tarballs: readonly string[], projectRoot: string): Promise<void> {
  await mkdir(path.join(projectRoot, 'vendor'), { recursive: true });
  for (const tarball of tarballs) await copyFile(path.join(packed, tarball), path.join(projectRoot, 'vendor', tarball));
}

/** The usage error for `--link-local` outside a checkout. */
export function notACheckout(): UsageError {
  return new UsageError(
    '--link-local packs the packages of a clone of the vsynth repository; this vsynth is installed from a registry. ' +
      'Drop --link-local, or run it in a clone: npx --yes pnpm@10 vsynth init ../my-video --link-local',
  );
}
