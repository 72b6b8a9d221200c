/**
 * @vsynth/core — the video synthesis service interface as typed, validated schemas, the
 * geometry of its canvas, the error classes every vsynth package throws, and the typed client.
 */
export * from './errors/index.js';
export * from './schemas/index.js';
export * from './validate/index.js';
export * from './geometry/index.js';
export * from './client/index.js';
export * from './webhook/index.js';
export * from './cubes/index.js';
