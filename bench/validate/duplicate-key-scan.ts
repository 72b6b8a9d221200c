/**
 * CPU of the duplicate-key scan `parseJsonText` runs after `JSON.parse`, as a ratio to the parse
 * of the same 50 MB JSON array measured in the same run (issue 14 item 5). Aim: the scan costs at
 * most the parse itself (ratio <= 1), so refusing duplicate keys at most doubles reading a file.
 *
 * Run: node --conditions=@vsynth/source --import tsx bench/validate/duplicate-key-scan.ts
 */
import { findDuplicateKey } from '@vsynth/core';
import { cpuMicros, figure, printFigure } from '../figure.js';

const item = JSON.stringify({ projectId: 'p1', updates: [{ title: 'Hello "there", {friend}', script: 'x'.repeat(200), n: 12.5 }], name: 'Ana' });
const text = `[${Array(170_000).fill(item).join(',')}]`;
let parse = 0;
let scan = 0;
for (let i = 0; i < 3; i++) {
  parse += (await cpuMicros(() => JSON.parse(text))).cpu;
  scan += (await cpuMicros(() => findDuplicateKey(text))).cpu;
}
printFigure(figure('validate.duplicateKeyScan.ratioToParse', scan / parse, `x JSON.parse (${(text.length / 1e6).toFixed(0)} MB, scan ${(scan / 3 / 1000).toFixed(0)} ms CPU)`, null, '<=', 1));
