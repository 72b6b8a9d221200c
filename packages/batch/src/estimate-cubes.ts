import { cubeCostFunction, estimateCubes as estimatePayloadCubes, parseModifyKey, sceneScripts, spokenLength, type CubeRates } from '@vsynth/core';
import type { BatchRequest } from '@vsynth/templates';

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
export function estimateCubes(request: BatchRequest, options: EstimateCubesOptions = NO_OPTIONS): number {
  if (request.kind !== 'modify') return estimatePayloadCubes({ kind: request.kind, body: request.body, rates: options.rates ?? {} });
  const base = options.base;
  // The base's spoken lengths are read once per base, not once per row.
  const lengths = base === undefined ? [] : [...baseLengths(base)];
  const scenes = base === undefined ? 1 : Math.max(lengths.length, 1);
  const updates = asRecord(request.body['updates']);
  // Own keys in for…in order, without a hasOwn call per key.
  const keys = Object.keys(updates);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!key.startsWith('scripts')) continue;
    const value = updates[key];
    const parsed = scriptKey(key);
    if (parsed?.tag !== 'scripts' || typeof value !== 'string') continue;
    if (base === undefined || parsed.index < lengths.length) lengths[parsed.index] = spokenLength(value);
  }
  let scriptChars = 0;
  for (const length of lengths) scriptChars += length ?? 0;
  return costFunction(options.rates)({ kind: 'modify', exported: request.body['isExport'] === true, scenes, scriptChars, targets: 0 });
}

const NO_OPTIONS: EstimateCubesOptions = {};
const defaultCost = cubeCostFunction({});
const costOfRates = new WeakMap<object, ReturnType<typeof cubeCostFunction>>();

/** The rates are checked once per rates object, not once per row. */
function costFunction(rates: Partial<CubeRates> | undefined): ReturnType<typeof cubeCostFunction> {
  if (rates === undefined) return defaultCost;
  let cost = costOfRates.get(rates);
  if (cost === undefined) {
    cost = cubeCostFunction(rates);
    costOfRates.set(rates, cost);
  }
  return cost;
}

/** A batch's rows repeat the template's few keys: each is parsed once (at most 256 kept). */
const parsedKeys = new Map<string, ReturnType<typeof parseModifyKey> | null>();

function scriptKey(key: string): ReturnType<typeof parseModifyKey> {
  const known = parsedKeys.get(key);
  if (known !== undefined) return known ?? undefined;
  const parsed = parseModifyKey(key);
  if (parsedKeys.size >= 256) parsedKeys.clear();
  parsedKeys.set(key, parsed ?? null);
  return parsed;
}

const lengthsOfBase = new WeakMap<object, readonly number[]>();

function baseLengths(base: unknown): readonly number[] {
  const key = typeof base === 'object' && base !== null ? base : undefined;
  const known = key === undefined ? undefined : lengthsOfBase.get(key);
  if (known !== undefined) return known;
  const lengths = sceneScripts(base, 'v3').map((text) => (text ?? '').length);
  if (key !== undefined) lengthsOfBase.set(key, lengths);
  return lengths;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
