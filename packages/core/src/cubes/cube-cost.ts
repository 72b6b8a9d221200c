import { UsageError } from '../errors/usage-error.js';

/** The requests that cost cubes: the v3 create, modify and edit, legacy create and audio, dubbing upload. */
export type CubeRequestKind = 'create' | 'modify' | 'edit' | 'legacy' | 'legacy-audio' | 'dubbing';

/** What a cube cost function is told about an accepted request. */
export interface CubeCostInput {
  readonly kind: CubeRequestKind;
  /** True when the request exports (synthesises) something. */
  readonly exported: boolean;
  /** Scenes of the project as exported (0 for audio and dubbing). */
  readonly scenes: number;
  /** Characters of spoken text, tags removed, summed over scenes (audio: the text). */
  readonly scriptChars: number;
  /** Target languages of a dubbing upload (0 otherwise). */
  readonly targets: number;
}

/** Computes the cubes an accepted request uses; must return a non-negative integer. */
export type CubeCostFunction = (input: CubeCostInput) => number;

/** Rates of the default cost function; each a non-negative integer. */
export interface CubeRates {
  /** Per exported scene (create, modify, edit, legacy create). Default 1. */
  readonly perScene: number;
  /** Per started 100 characters of script in an export. Default 1. */
  readonly per100ScriptChars: number;
  /** Per started 100 characters of a legacy audio request, at least one block. Default 1. */
  readonly perAudio100Chars: number;
  /** Per target language of a dubbing upload. Default 2. */
  readonly perDubbingTarget: number;
}

/** The rates the sandbox charges and the batch runner estimates with unless told otherwise. */
export const DEFAULT_CUBE_RATES: CubeRates = Object.freeze({
  perScene: 1,
  per100ScriptChars: 1,
  perAudio100Chars: 1,
  perDubbingTarget: 2,
});

/**
 * The default cube cost, which the service does not document: an export costs per scene and per started
 * 100 script characters, legacy audio per started 100 characters, dubbing per target; the rest nothing.
 *
 * @example cubeCost({ kind: 'create', exported: true, scenes: 2, scriptChars: 150, targets: 0 }) // 4
 */
export function cubeCost(input: CubeCostInput, rates: CubeRates = DEFAULT_CUBE_RATES): number {
  if (input.kind === 'dubbing') return rates.perDubbingTarget * input.targets;
  if (input.kind === 'legacy-audio') return rates.perAudio100Chars * Math.max(1, Math.ceil(input.scriptChars / 100));
  if (!input.exported) return 0;
  return rates.perScene * input.scenes + rates.per100ScriptChars * Math.ceil(input.scriptChars / 100);
}

/**
 * A cost function from a function (returned as is) or some rates (the others default); an unknown rate or
 * one that is not an integer ≥ 0 is a `UsageError`.
 */
export function cubeCostFunction(option: CubeCostFunction | Partial<CubeRates> | undefined): CubeCostFunction {
  if (typeof option === 'function') return option;
  const names = Object.keys(DEFAULT_CUBE_RATES);
  for (const [name, value] of Object.entries(option ?? {})) {
    if (!names.includes(name)) throw new UsageError(`Unknown cube rate "${name}": use ${names.join(', ')}.`);
    if (!(Number.isInteger(value) && (value as number) >= 0)) {
      throw new UsageError(`Cube rate ${name} must be an integer ≥ 0, got ${String(value)}.`);
    }
  }
  const rates: CubeRates = { ...DEFAULT_CUBE_RATES, ...option };
  return (input) => cubeCost(input, rates);
}
