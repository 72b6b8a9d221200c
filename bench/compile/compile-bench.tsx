/**
 * Scenes per second for `compile()` (which includes core's strict validation) against core's
 * `checkRequest` alone on the same payloads: one large project and many small ones.
 *
 *   node --conditions=@vsynth/source --import tsx bench/compile/compile-bench.tsx [--scenes 500] [--small 1000] [--rounds 15] [--warmup 15] [--round-ms 50] [--figure [--detail]]
 *
 * `--figure` prints one `bench/figure.ts` line instead of the table: `compile.vsCheckRequest`, the
 * summed compile CPU time of the four cases over the summed checkRequest CPU time (aim ≤ 1.5).
 * `--detail` adds, on stderr, each case's CPU milliseconds: compile, core's findRequestIssues of
 * the compiled payloads (the validation compile runs), compile's own work (the difference) and
 * checkRequest.
 * Both are measured warm: `--warmup` interleaved rounds of each run first. From a cold process the
 * first ~10 rounds of compile cost several times the later ones (V8 optimising its code; flat with
 * `node --no-opt`), so a short warm-up measured the JIT rather than compile.
 */
import { parseArgs } from 'node:util';
import { checkRequest, findRequestIssues } from '@vsynth/core';
import { Avatar, Image, Scene, Shape, Text, Video, compile, type CompileOptions, type VsynthElement } from '@vsynth/jsx-runtime';
import { anna, minhoCasual } from '../../examples/avatars.js';
import { figure, median, printFigure } from '../figure.js';

const { values } = parseArgs({
  options: { scenes: { type: 'string', default: '500' }, small: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '15' }, warmup: { type: 'string', default: '15' }, 'round-ms': { type: 'string', default: '50' }, figure: { type: 'boolean', default: false }, detail: { type: 'boolean', default: false } },
});
const SCENES = Number(values.scenes);
const SMALL = Number(values.small);
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);
const ROUND_MS = Number(values['round-ms']);

function TitleBand(props: { title: string; i: number }) {
  return (
    <>
      <Shape shape="Rectangle_corner0" fill="rgb(18,52,86)" left={0} top={0} width={1920} height={160} />
      <Text tag="title" slot={`title${props.i}`} left={80} top={40} fontSize={64} fill="rgb(255,255,255)">
        {props.title}
      </Text>
    </>
  );
}

function sceneOf(i: number) {
  return (
    <Scene key={i} background={i % 2 === 0 ? '#f5f7fa' : 'https://cdn.example.com/bg.jpg'}>
      <TitleBand title={`Chapter ${i}: what is new`} i={i} />
      <Avatar model={i % 3 === 0 ? minhoCasual : anna} x={0.25} y={0.05} slot={`speech${i}`}>
        This is scene {i}. Our product now does more &amp; costs less, and here is how it works.
      </Avatar>
      <Image src={`https://cdn.example.com/shot-${i}.png`} naturalWidth={1280} naturalHeight={720} x={-0.2} y={0.1} scale={0.8} />
      <Text tag="subtitles" x={0} y={0.42} fontSize={40}>
        Caption for scene {i}
      </Text>
    </Scene>
  );
}

const large = <Video name="Large">{Array.from({ length: SCENES }, (_, i) => sceneOf(i))}</Video>;
const smalls = Array.from({ length: SMALL }, (_, i) => <Video name={`Small ${i}`}>{sceneOf(i)}</Video>);
const legacySmalls = Array.from({ length: SMALL }, (_, i) => (
  <Video>
    <Scene background="https://cdn.example.com/bg.jpg">
      <Avatar model="minho" clothes="casual_white_shirt" language="ko" x={0.25} scale={1.1}>
        안녕하세요 {i}
      </Avatar>
      <Image src="https://cdn.example.com/logo.png" x={-0.35} y={-0.35} scale={0.3} />
      <Text x={0} y={0.4}>Caption {i}</Text>
    </Scene>
  </Video>
));

/**
 * Median milliseconds of one run of each function. A round repeats each function until the first
 * takes `--round-ms`, so every round holds its share of the collections its garbage causes; rounds
 * interleaved so load drift hits both alike.
 */
async function timePair(a: () => Promise<unknown> | unknown, b: () => Promise<unknown> | unknown): Promise<[number, number]> {
  for (let w = 0; w < WARMUP; w++) {
    await a();
    await b();
  }
  // `--figure` compares CPU time (user + system), which load on the machine disturbs less than wall time.
  const clock = values.figure ? () => { const used = process.cpuUsage(); return (used.user + used.system) / 1000; } : () => performance.now();
  let start = clock();
  await a();
  const repeats = Math.max(1, Math.ceil(ROUND_MS / Math.max(clock() - start, 0.01)));
  const sa: number[] = [];
  const sb: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    start = clock();
    for (let i = 0; i < repeats; i++) await a();
    sa.push((clock() - start) / repeats);
    start = clock();
    for (let i = 0; i < repeats; i++) await b();
    sb.push((clock() - start) / repeats);
  }
  return [median(sa), median(sb)];
}

const rate = (scenes: number, ms: number): string => `${Math.round((scenes / ms) * 1000).toLocaleString('en-US')}`;

async function bench(label: string, scenes: number, compileAll: () => Promise<unknown[]>, kind: 'create' | 'legacy') {
  const payloads = await compileAll();
  // Each side holds what it made until its run ends, as compile's Promise.all holds its payloads:
  // a collection inside the run copies that live output on both sides alike.
  const [compileMs, parseMs] = await timePair(compileAll, () => {
    const checked = payloads.map((p) => checkRequest(kind, p));
    for (const result of checked) if (!result.ok) throw new Error('invalid payload');
    return checked;
  });
  totals.compile += compileMs;
  totals.check += parseMs;
  if (values.figure && values.detail) {
    const [, findMs] = await timePair(compileAll, () => {
      for (const p of payloads) findRequestIssues(kind, p);
    });
    process.stderr.write(`${label}: compile ${compileMs.toFixed(2)} ms, of it findRequestIssues ~${findMs.toFixed(2)}, own ~${(compileMs - findMs).toFixed(2)}; checkRequest ${parseMs.toFixed(2)} ms CPU\n`);
  }
  if (values.figure) return;
  console.log(
    `| ${label} | ${scenes} | ${compileMs.toFixed(1)} | ${rate(scenes, compileMs)} | ${parseMs.toFixed(1)} | ${rate(scenes, parseMs)} | ${(compileMs / parseMs).toFixed(2)}× |`,
  );
}

const totals = { compile: 0, check: 0 };
const v3 = async (tree: VsynthElement, options: CompileOptions) => (await compile(tree, options)).payload;

if (!values.figure) {
  console.log(`Node ${process.version}, ${ROUNDS} rounds, median; compile includes core's checkRequest`);
  console.log('| case | scenes | compile ms | compile scenes/s | checkRequest ms | checkRequest scenes/s | compile / check |');
  console.log('|---|---|---|---|---|---|---|');
}
await bench(`1 project × ${SCENES} scenes, v3 A`, SCENES, async () => [await v3(large, {})], 'create');
await bench(`1 project × ${SCENES} scenes, v3 B`, SCENES, async () => [await v3(large, { variant: 'B' })], 'create');
await bench(`${SMALL} projects × 1 scene, v3 A`, SMALL, async () => Promise.all(smalls.map((t) => v3(t, {}))), 'create');
await bench(`${SMALL} projects × 1 scene, legacy`, SMALL, async () => Promise.all(legacySmalls.map((t) => v3(t, { target: 'legacy' }))), 'legacy');
if (values.figure) printFigure(figure('compile.vsCheckRequest', totals.compile, 'ms CPU compile, 4 cases, median rounds (baseline: bare checkRequest)', totals.check, '<=', 1.5));
