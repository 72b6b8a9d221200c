/**
 * The thread of `startTextMeasurer`: loads the preview's fonts while the main thread compiles, then
 * measures each payload it is sent.
 */
import { parentPort } from 'node:worker_threads';
import { findTextOverflow, loadFontCatalog, loadTextShaper } from '@vsynth/preview/measure';

const catalog = loadFontCatalog();
await loadTextShaper();
// One text in the default font, in a box too narrow for it to surely fit, is shaped now: the font's file and
// shaping tables load here rather than on the first real payload.
const sample = { type: 'textImage', text: 'Warm-up', left: 0, top: 0, width: 120, height: 100, fontSize: 48 };
findTextOverflow({ scenes: [{ clips: [sample] }] }, { catalog });

parentPort?.on('message', (payload: unknown) => {
  parentPort?.postMessage(findTextOverflow(payload, { catalog }));
});
