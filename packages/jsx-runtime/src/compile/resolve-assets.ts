import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { CompileContext } from './compile-context.js';
import { displayPath } from './display-path.js';
import type { ResolvedElement } from './resolve-tree.js';

export interface ResolveAssetsOptions {
  /** Working directory: source files are named relative to it; elements without a source resolve against it. */
  readonly cwd: string;
  /** Where the local asset folder is hosted, e.g. `https://cdn.example.com/videos/`. */
  readonly assetBaseUrl?: string | undefined;
  /** The local folder `assetBaseUrl` maps (default `cwd`). */
  readonly assetRoot?: string | undefined;
}

/** The props of each built-in that name an asset. `Scene.background` is one when it is not a colour. */
const ASSET_PROPS: Readonly<Partial<Record<ResolvedElement['kind'], readonly string[]>>> = {
  Image: ['src'],
  VideoClip: ['src', 'poster'],
  Audio: ['src'],
  Background: ['src'],
  Scene: ['background'],
};

const REMOTE = /^(https?:|data:)/i;
const LOCAL_BACKGROUND = /^(\/|\.{1,2}\/|file:)/i;

/**
 * Resolves every local asset path against the module that wrote the element (its JSX source), as
 * `new URL(src, import.meta.url)` does, so a component library's own images work from every video. A local
 * asset becomes a `file:` URL, or with `assetBaseUrl` its hosted address (its path under `assetRoot`
 * appended). A missing file is one warning, at the first element that names it.
 */
export function resolveAssets(
  roots: readonly ResolvedElement[],
  options: ResolveAssetsOptions,
  ctx: CompileContext,
): ResolvedElement[] {
  const warned = new Set<string>();
  const visit = (element: ResolvedElement): ResolvedElement => {
    const children = element.children.map(visit);
    const names = ASSET_PROPS[element.kind] ?? [];
    let props = element.props;
    for (const name of names) {
      const value = props[name];
      if (typeof value !== 'string' || REMOTE.test(value.trim())) continue;
      if (element.kind === 'Scene' && !LOCAL_BACKGROUND.test(value.trim())) continue;
      const resolved = resolveOne(value.trim(), element, name, options, ctx, warned);
      if (resolved !== undefined) props = { ...props, [name]: resolved };
    }
    return props === element.props && children.every((c, i) => c === element.children[i])
      ? element
      : { ...element, props, children };
  };
  return roots.map(visit);
}

function resolveOne(
  value: string,
  element: ResolvedElement,
  prop: string,
  options: ResolveAssetsOptions,
  ctx: CompileContext,
  warned: Set<string>,
): string | undefined {
  const file = localPath(value, element, options.cwd);
  const what = `<${element.kind}> ${prop} ${JSON.stringify(value)}`;
  if (!warned.has(file) && !existsSync(file)) {
    warned.add(file);
    const message = `${what} names no file (looked for ${displayPath(file, options.cwd)}); the video would show nothing there`;
    ctx.warn(element, message, []);
  }
  if (options.assetBaseUrl === undefined) return pathToFileURL(file).href;
  const root = path.resolve(options.cwd, options.assetRoot ?? '.');
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    const message =
      `${what} is outside the asset folder ${displayPath(root, options.cwd)} that assetBaseUrl maps; ` +
      'move the file into it or choose another assetRoot';
    ctx.error(element, message, []);
    return undefined;
  }
  return hostedAddress(options.assetBaseUrl, relative);
}

/** The file a local asset reference names: absolute, a `file:` URL, or relative to the module that wrote it. */
function localPath(value: string, element: ResolvedElement, cwd: string): string {
  if (/^file:/i.test(value)) return fileURLToPath(value);
  if (path.isAbsolute(value)) return value;
  const module = element.source?.fileName;
  const base = module === undefined ? cwd : path.dirname(path.resolve(cwd, module));
  return path.resolve(base, value);
}

/**
 * The address a file at `relative` (inside the asset folder) has under `baseUrl`, each segment URL-encoded.
 *
 * @example hostedAddress('https://cdn.example.com/v', 'assets/logo one.svg') // …/v/assets/logo%20one.svg
 */
export function hostedAddress(baseUrl: string, relative: string): string {
  const segments = relative.split(path.sep).map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/${segments}`;
}
