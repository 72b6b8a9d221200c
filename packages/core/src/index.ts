/**
 * @vsynth/core — the video synthesis service interface as typed, validated schemas, the
 * geometry of its canvas, the error classes every vsynth package throws, and the typed client.
 */
export * from './errors/index.js';
export * from './geometry/index.js';
