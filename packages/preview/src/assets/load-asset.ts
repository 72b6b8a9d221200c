import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageInfo, type ImageInfo } from './image-info.js';

export interface LoadAssetOptions {
  /** Directory relative paths are resolved against (default: the working directory). */
  readonly baseDir?: string;
  /** Timeout of one http(s) fetch in milliseconds (default 5000). */
  readonly timeoutMs?: number;
  /** Cancels pending fetches. */
  readonly signal?: AbortSignal;
  /**
   * Read local paths and file: URLs (default true). The sandbox turns this off: the service cannot read the
   * caller's disk either, and a payload must not pull host files.
   */
  readonly localFiles?: boolean;
}

export type LoadedAsset =
  | { readonly ok: true; readonly bytes: Buffer; readonly info: ImageInfo; readonly dataUri: string }
  | { readonly ok: false; readonly reason: string };

// resvg 2.6 decodes PNG, JPEG, GIF and SVG; WebP would draw as nothing.
const DRAWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']);

/**
 * Loads one image: a local path, a file:, data: or http(s) URL. A failure is a value, never an exception,
 * so a missing asset becomes a placeholder and a warning.
 *
 * @example
 * const asset = await loadAsset('https://cdn.example/logo.png', { timeoutMs: 3000 })
 * if (!asset.ok) console.warn(asset.reason)
 */
export async function loadAsset(ref: string, options: LoadAssetOptions = {}): Promise<LoadedAsset> {
  const source = ref.trim();
  if (!source) return { ok: false, reason: 'empty address' };
  let bytes: Buffer;
  try {
    if (/^data:/i.test(source)) {
      const match = /^data:([^,]*?)(;base64)?,(.*)$/is.exec(source);
      if (!match) return { ok: false, reason: 'malformed data: URL' };
      const data = match[3] ?? '';
      bytes = match[2] ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data), 'utf8');
    } else if (/^https?:\/\//i.test(source)) {
      const timeoutMs = options.timeoutMs ?? 5000;
      const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
      let response: Response;
      try {
        response = await fetch(source, { signal: AbortSignal.any(signals), redirect: 'follow' });
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        if (name === 'TimeoutError') return { ok: false, reason: `no answer within ${timeoutMs} ms` };
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        return { ok: false, reason: `unreachable (${cause})` };
      }
      if (!response.ok) return { ok: false, reason: `HTTP ${response.status}` };
      bytes = Buffer.from(await response.arrayBuffer());
    } else if (options.localFiles === false) {
      return { ok: false, reason: 'local files are not read here; use an http(s) or data: URL' };
    } else {
      const path = /^file:/i.test(source)
        ? fileURLToPath(source)
        : isAbsolute(source)
          ? source
          : resolve(options.baseDir ?? process.cwd(), source);
      try {
        bytes = await readFile(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const reason = code === 'ENOENT' ? `no file at ${path}` : `cannot read ${path} (${code ?? 'error'})`;
        return { ok: false, reason };
      }
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const info = imageInfo(bytes);
  if (!info) return { ok: false, reason: 'not a PNG, JPEG, GIF or SVG image' };
  if (!DRAWABLE.has(info.mime)) {
    return { ok: false, reason: `${info.mime} is not drawn by the preview (use PNG, JPEG, GIF or SVG)` };
  }
  return { ok: true, bytes, info, dataUri: `data:${info.mime};base64,${bytes.toString('base64')}` };
}

/**
 * A loader that loads each distinct reference once; share it between renders with `loadAsset`.
 *
 * @example
 * const loadAsset = createAssetLoader({ baseDir: 'assets', timeoutMs: 3000 })
 * for (const row of rows) await renderThumbnail(row, { out: `previews/${row.id}.png`, loadAsset })
 */
export function createAssetLoader(options: LoadAssetOptions = {}): (ref: string) => Promise<LoadedAsset> {
  const cache = new Map<string, Promise<LoadedAsset>>();
  return (ref) => {
    let pending = cache.get(ref);
    if (!pending) {
      pending = loadAsset(ref, options);
      cache.set(ref, pending);
    }
    return pending;
  };
}
