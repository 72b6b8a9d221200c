/**
 * What compiling videos costs beside the least any checked payload costs: `compile()` of a set of
 * videos (1 to 7 scenes; compile validates what it builds with core) with its layout and speech checks
 * off (`checks: false`: compile and validation) against a bare zod parse
 * (`projectCreateRequestSchema.safeParse`) of the payloads it compiled. Both are warmed up first,
 * then measured in interleaved rounds by CPU time; medians. Prints a `bench/figure.ts` line:
 *
 *   node --import tsx bench/compile/compile-vs-zod.ts [--videos 100] [--rounds 9] [--warmup 10]
 *
 * - `compile.vsZodParse`: compile's CPU per set over the zod parse's (aim ≤ 3).
 *
 * On stderr, the CPU of core's whole request check (`findRequestIssues`, which compile runs) of
 * the same payloads (the part of compile's time that is validation), and of compile with its checks
 * on, as users run it (what the checks cost is `cli.compileChecksRatio`).
 */
import { parseArgs } from 'node:util';
import { findRequestIssues, projectCreateRequestSchema } from '@vsynth/core';
import { compile } from '@vsynth/jsx-runtime';
import { benchVideo } from '../bench-video.js';
import { figure, median, printFigure } from '../figure.js';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '9' },
    warmup: { type: 'string', default: '10' },
  },
});
const VIDEOS = Number(values.videos);
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);
// Each round repeats a side until it has run this long, so collections its garbage causes fall inside it.
const ROUND_MS = 50;

const videos = Array.from({ length: VIDEOS }, (_, v) => benchVideo(`Video ${v}`, 1 + (v % 7)));
const scenes = videos.reduce((sum, _, v) => sum + 1 + (v % 7), 0);

// Each side holds what it made until its run ends, as compile's Promise.all holds its payloads.
const compileAll = () => Promise.all(videos.map(async (video) => (await compile(video, { checks: false })).payload));
const compileCheckedAll = () => Promise.all(videos.map(async (video) => (await compile(video)).payload));
const payloads = await compileAll();
const parseAll = () =>
  payloads.map((payload) => {
    const parsed = projectCreateRequestSchema.safeParse(payload);
    if (!parsed.success) throw new Error('a compiled payload does not parse');
    return parsed;
  });

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
/** CPU ms of one run of `work`, over `repeats` runs. */
const timed = async (work: () => unknown, repeats: number) => {
  const start = cpuMs();
  for (let i = 0; i < repeats; i++) await work();
  return (cpuMs() - start) / repeats;
};

const checkAll = () => payloads.map((payload) => findRequestIssues('create', payload));

for (let w = 0; w < WARMUP; w++) {
  await compileAll();
  await compileCheckedAll();
  parseAll();
  checkAll();
}
const compileRepeats = Math.max(1, Math.ceil(ROUND_MS / Math.max(await timed(compileAll, 1), 0.1)));
const parseRepeats = Math.max(1, Math.ceil(ROUND_MS / Math.max(await timed(parseAll, 1), 0.1)));
const compileMs: number[] = [];
const parseMs: number[] = [];
const checkMs: number[] = [];
const checkedMs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  compileMs.push(await timed(compileAll, compileRepeats));
  checkedMs.push(await timed(compileCheckedAll, compileRepeats));
  parseMs.push(await timed(parseAll, parseRepeats));
  checkMs.push(await timed(checkAll, parseRepeats));
}
const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
process.stderr.write(
  `median CPU: compile ${ms(compileMs)}, of it core's request check ~${ms(checkMs)}; zod parse alone ` +
    `${ms(parseMs)}; compile with its checks ${ms(checkedMs)}\n`,
);
const unit = `ms CPU to compile ${VIDEOS} videos of ${scenes} scenes, checks off (baseline: zod parse of their payloads)`;
printFigure(figure('compile.vsZodParse', median(compileMs), unit, median(parseMs), '<=', 3));
