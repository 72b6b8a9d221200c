/**
 * Cubes: the one cube cost definition (the spec states none). The sandbox charges it and the
 * batch runner (`vsynth batch --dry-run`, `--max-cubes`) estimates with it, so the two agree.
 */
export { DEFAULT_CUBE_RATES, cubeCost, cubeCostFunction, type CubeCostFunction, type CubeCostInput, type CubeRates, type CubeRequestKind } from './cube-cost.js';
export { estimateCubes, type EstimateCubesOptions } from './estimate-cubes.js';
export { sceneScripts, sceneSpeech, type PayloadFormat, type SceneSpeech } from './scene-scripts.js';
export { spokenText } from './spoken-text.js';
