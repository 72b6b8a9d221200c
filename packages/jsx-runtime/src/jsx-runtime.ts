/**
 * The automatic JSX runtime (`jsxImportSource: @vsynth/jsx-runtime`): `jsx` and `jsxs` are the
 * one implementation in `jsx-dev-runtime.ts`, without source locations.
 */
export { Fragment, jsxDEV as jsx, jsxDEV as jsxs } from './jsx-dev-runtime.js';
export type { JSX } from './jsx-namespace.js';
