import { cubeCostFunction, type CubeCostFunction, type CubeRates, type CubeRequestKind } from './cube-cost.js';
import { sceneScripts, type PayloadFormat } from './scene-scripts.js';

export interface EstimateCubesOptions {
  readonly kind: CubeRequestKind;
  /** The payload as exported; for modify and edit the project after the change. Not read for dubbing. */
  readonly body?: unknown;
  /** How to read `body`; default `legacy` for legacy, `audio` for legacy-audio, else `v3`. */
  readonly format?: PayloadFormat;
  /** Whether the request exports; by default as the service decides from `body.isExport`. */
  readonly exported?: boolean;
  /** Target languages of a dubbing upload. Default 0. */
  readonly targets?: number;
  /** Rates of the default cost (missing ones default), or a cost function. */
  readonly rates?: Partial<CubeRates> | CubeCostFunction;
}

/**
 * The cubes a request uses: the cost of the scenes and spoken characters of its payload. The sandbox
 * charges this and the batch runner estimates with it.
 *
 * @example estimateCubes({ kind: 'create', body: { scenes: [{ scripts: [{ org: '<p>Hi</p>' }] }] } }) // 2
 */
export function estimateCubes(options: EstimateCubesOptions): number {
  const { kind, body } = options;
  const format = options.format ?? (kind === 'legacy' ? 'legacy' : kind === 'legacy-audio' ? 'audio' : 'v3');
  const scripts = kind === 'dubbing' ? [] : sceneScripts(body, format);
  const cost = cubeCostFunction(options.rates);
  const cubes = cost({
    kind,
    exported: options.exported ?? exportsByDefault(kind, body),
    scenes: format === 'audio' ? 0 : scripts.length,
    scriptChars: scripts.reduce((sum, text) => sum + text.length, 0),
    targets: options.targets ?? 0,
  });
  if (!(Number.isInteger(cubes) && cubes >= 0)) {
    throw new Error(`the cubeCost function returned ${cubes}; it must return an integer ≥ 0`);
  }
  return cubes;
}

function exportsByDefault(kind: CubeRequestKind, body: unknown): boolean {
  const isExport =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['isExport'] : undefined;
  if (kind === 'modify') return isExport === true;
  if (kind === 'create' || kind === 'edit') return isExport !== false;
  return true;
}
