import {
  cubeCostFunction,
  estimateCubes,
  parseModifyKey,
  sceneScripts,
  spokenLength,
  type CubeRates,
} from '@vsynth/core';
import type { BatchRequest } from '@vsynth/templates';

export interface EstimateRequestCubesOptions {
  /**
   * The project a modify changes (e.g. the payload compiled from the video its slots come from);
   * its scenes and speech make the modify estimate exact. Without it a modify counts one scene and
   * only the speech it sets (a lower bound).
   */
  readonly base?: unknown;
  /** Rates of the cost (the others keep `DEFAULT_CUBE_RATES`). */
  readonly rates?: Partial<CubeRates>;
}

/**
 * The cubes one batch request would use, by `estimateCubes` of `@vsynth/core` (the sandbox's
 * default cost; the service states none, so treat the number as a guide for `maxCubes`, not a
 * price): a create or legacy create on its payload, a modify on its base project with its
 * `scripts_N` updates applied.
 *
 * @example estimateRequestCubes({ kind: 'create', body: { scenes: [{ scripts: [{ org: 'Hi' }] }] } }) // 2
 */
export function estimateRequestCubes(request: BatchRequest, options: EstimateRequestCubesOptions = {}): number {
  return requestCubeEstimator(options)(request);
}

/**
 * `estimateRequestCubes` with the same options for every request of a batch: the rates are checked
 * (an unknown or negative one is a `UsageError`) and the base project's speech is read once.
 *
 * @example
 * const estimate = requestCubeEstimator({ base });
 * const cubes = requests.map((request) => estimate(request));
 */
export function requestCubeEstimator(options: EstimateRequestCubesOptions = {}): (request: BatchRequest) => number {
  const cost = cubeCostFunction(options.rates);
  const { base } = options;
  // Spoken characters per scene of the base, before a modify's updates.
  const baseLengths = base === undefined ? [] : sceneScripts(base, 'v3').map((text) => text.length);
  return (request) => {
    if (request.kind !== 'modify') return estimateCubes({ kind: request.kind, body: request.body, rates: cost });
    const lengths = [...baseLengths];
    for (const [key, value] of Object.entries(record(request.body['updates']))) {
      const parsed = parseModifyKey(key);
      if (parsed?.tag !== 'scripts' || typeof value !== 'string') continue;
      if (base === undefined || parsed.index < lengths.length) lengths[parsed.index] = spokenLength(value);
    }
    let scriptChars = 0;
    for (const length of lengths) scriptChars += length ?? 0;
    const scenes = base === undefined ? 1 : Math.max(lengths.length, 1);
    return cost({ kind: 'modify', exported: request.body['isExport'] === true, scenes, scriptChars, targets: 0 });
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
