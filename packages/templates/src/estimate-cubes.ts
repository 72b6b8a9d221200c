import { cubeCostFunction, estimateCubes as estimatePayloadCubes, parseModifyKey, sceneScripts, spokenText, type CubeRates } from '@vsynth/core';
import type { BatchRequest } from './batch-template.js';

export interface EstimateCubesOptions {
  /**
   * The project a modify changes (e.g. the payload compiled from `--slots-from video.tsx`); its
   * scenes and speech make the modify estimate exact. Without it a modify counts one scene and
   * only the speech it sets (a lower bound).
   */
  readonly base?: unknown;
  /** Rates of the cost (the others keep `DEFAULT_CUBE_RATES`). */
  readonly rates?: Partial<CubeRates>;
}

/**
 * Estimates the cubes one batch request would use, by `estimateCubes` of `@vsynth/core` (the
 * sandbox's default cost; the service states none, so treat the number as a guide for
 * `--max-cubes`, not a price): a create or legacy create is estimated on its payload; a modify on
 * its base project with the `scripts_N` updates applied.
 *
 * @example estimateCubes({ kind: 'create', body: { scenes: [{ scripts: [{ org: 'Hi' }] }] } }) // 2
 */
export function estimateCubes(request: BatchRequest, options: EstimateCubesOptions = {}): number {
  const rates = options.rates ?? {};
  if (request.kind !== 'modify') return estimatePayloadCubes({ kind: request.kind, body: request.body, rates });
  const scripts = options.base === undefined ? [] : sceneScripts(options.base, 'v3');
  const scenes = options.base === undefined ? 1 : Math.max(scripts.length, 1);
  for (const [key, value] of Object.entries(asRecord(request.body['updates']))) {
    const parsed = parseModifyKey(key);
    if (parsed?.tag !== 'scripts' || typeof value !== 'string') continue;
    if (options.base === undefined || parsed.index < scripts.length) scripts[parsed.index] = spokenText(value);
  }
  const scriptChars = scripts.reduce((sum, text) => sum + (text ?? '').length, 0);
  return cubeCostFunction(rates)({ kind: 'modify', exported: request.body['isExport'] === true, scenes, scriptChars, targets: 0 });
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
