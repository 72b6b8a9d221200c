import type { BatchRequest } from './batch-template.js';

/** Rates of the cube estimate (the spec states no cost; these mirror the sandbox's default cost function). */
export interface CubeRates {
  /** Per exported scene. Default 1. */
  readonly perScene: number;
  /** Per started 100 characters of spoken text in an export. Default 1. */
  readonly per100ScriptChars: number;
}

export const DEFAULT_CUBE_RATES: CubeRates = { perScene: 1, per100ScriptChars: 1 };

export interface EstimateCubesOptions {
  /**
   * The project a modify changes (e.g. the payload compiled from `--slots-from video.tsx`); its
   * scenes and speech make the modify estimate exact. Without it a modify counts one scene and
   * only the speech it sets (a lower bound).
   */
  readonly base?: unknown;
  readonly rates?: Partial<CubeRates>;
}

/**
 * Estimates the cubes one request would use: nothing unless it exports; an export costs
 * `perScene × scenes + per100ScriptChars × ⌈spoken characters / 100⌉`, spoken text with p/span
 * tags removed and entities decoded. This is the sandbox's default cost function; the service
 * states none, so treat the number as a guide for `--max-cubes`, not a price.
 *
 * @example estimateCubes({ kind: 'create', body: { scenes: [{ scripts: [{ org: 'Hi' }] }] } }) // 2
 */
export function estimateCubes(request: BatchRequest, options: EstimateCubesOptions = {}): number {
  const rates = { ...DEFAULT_CUBE_RATES, ...options.rates };
  const body = request.body;
  if (request.kind === 'modify') {
    if (body['isExport'] !== true) return 0;
    const updates = asRecord(body['updates']);
    const scripts = options.base === undefined ? [] : sceneScripts(options.base, 'create');
    const scenes = options.base === undefined ? 1 : Math.max(scripts.length, 1);
    for (const [key, value] of Object.entries(updates)) {
      const match = /^scripts(?:_(\d+))?$/.exec(key);
      if (match === null || typeof value !== 'string') continue;
      const index = Number(match[1] ?? 0);
      if (options.base === undefined || index < scripts.length) scripts[index] = plain(value);
    }
    const chars = scripts.reduce((sum, text) => sum + (text ?? '').length, 0);
    return rates.perScene * scenes + rates.per100ScriptChars * Math.ceil(chars / 100);
  }
  if (request.kind === 'create' && body['isExport'] === false) return 0;
  const scripts = sceneScripts(body, request.kind);
  const chars = scripts.reduce((sum, text) => sum + text.length, 0);
  return rates.perScene * scripts.length + rates.per100ScriptChars * Math.ceil(chars / 100);
}

function sceneScripts(payload: unknown, kind: 'create' | 'legacy'): string[] {
  const scenes = asArray(asRecord(payload)['scenes']);
  return scenes.map((scene) => {
    const s = asRecord(scene);
    if (kind === 'legacy') return plain(asRecord(s['AIModel'])['script']);
    const scripts = asArray(s['scripts']);
    if (scripts.length > 0) return plain(asRecord(scripts[0])['org']);
    for (const clip of asArray(s['clips'])) {
      const c = asRecord(clip);
      if (c['type'] === 'aiModel' && c['isDelete'] !== true && c['script'] !== undefined) return plain(asRecord(c['script'])['org']);
    }
    return '';
  });
}

function plain(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
