/**
 * `@vsynth/preview/measure`: text measured in its boxes with the preview's fonts and line breaking, without
 * the renderer, for code that loads on a thread of its own (the CLI measures while it compiles).
 */
export { loadFontCatalog, type FontCatalog, type FontCatalogOptions } from './fonts/font-catalog.js';
export { findTextOverflow, type FindTextOverflowOptions } from './text/text-overflow.js';
export { loadTextShaper } from './fonts/text-shaper.js';
