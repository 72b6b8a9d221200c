/**
 * CPU µs per call of core's `checkRequest` and `findRequestIssues` for each example payload,
 * fast path (a check compiled once from the schema; zod skipped for a valid body) against the
 * forced slow path (`{ fastPath: false }`: zod, the unknown-field walk, the JSON-data walk) in the
 * same run, rounds interleaved (the order alternates each round), medians of the rounds. Also
 * what the fast path's parts cost on create-variant-a: the compiled check, the spec's rules and
 * the value's copy.
 *
 *   node --conditions=@vsynth/source --import tsx bench/validate/check-request-speed.ts [--rounds 9] [--calls 400] [--figure]
 *
 * `--figure` prints one `bench/figure.ts` line instead of the table:
 * `validate.checkRequestFastVsSlow`, checkRequest('create', create-variant-a) µs CPU per call on the
 * fast path over the slow path (aim ≤ 0.5).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkRequest, findRequestIssues, REQUEST_RULES, REQUEST_SCHEMAS, type RequestKind } from '@vsynth/core';
import { compileFastCheck } from '../../packages/core/src/validate/compile-fast-check.js';
import { copyJsonData } from '../../packages/core/src/validate/copy-json-data.js';
import { figure, median, printFigure } from '../figure.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' }, calls: { type: 'string', default: '400' }, figure: { type: 'boolean', default: false } } });
const ROUNDS = Number(values.rounds);
const CALLS = Number(values.calls);

const EXAMPLES: [string, RequestKind][] = [
  ['create-variant-a', 'create'],
  ['create-variant-b', 'create'],
  ['modify', 'modify'],
  ['edit', 'edit'],
  ['legacy', 'legacy'],
  ['legacy-audio', 'legacy-audio'],
];

interface Case {
  readonly name: string;
  readonly run: () => unknown;
}

const cases: Case[] = [];
/** Each example's name and size, the start of its cases' names. */
const labels: string[] = [];
for (const [name, kind] of EXAMPLES) {
  const text = readFileSync(`examples/payloads/${name}.json`, 'utf8');
  const payload: unknown = JSON.parse(text);
  if (!checkRequest(kind, payload).ok) throw new Error(`${name} is not a valid ${kind} body`);
  const label = `${name} (${text.length} B)`;
  labels.push(label);
  cases.push(
    { name: `${label} checkRequest fast`, run: () => checkRequest(kind, payload) },
    { name: `${label} checkRequest slow`, run: () => checkRequest(kind, payload, { fastPath: false }) },
    { name: `${label} findRequestIssues fast`, run: () => findRequestIssues(kind, payload) },
    { name: `${label} findRequestIssues slow`, run: () => findRequestIssues(kind, payload, { fastPath: false }) },
  );
}
const createA: unknown = JSON.parse(readFileSync('examples/payloads/create-variant-a.json', 'utf8'));
const fastCheck = compileFastCheck(REQUEST_SCHEMAS.create);
cases.push(
  { name: 'create-variant-a: compiled check alone', run: () => fastCheck(createA) },
  { name: 'create-variant-a: spec rules alone', run: () => REQUEST_RULES.create(createA) },
  { name: 'create-variant-a: value copy alone', run: () => copyJsonData(createA) },
);

/** CPU µs per call of `CALLS` calls. */
function perCall(run: () => unknown): number {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS;
}

// Warm-up: every case once at full length, so each round measures optimised code.
for (const c of cases) perCall(c.run);
const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? cases : [...cases].reverse();
  for (const c of order) samples.get(c.name)!.push(perCall(c.run));
}

const medians = new Map([...samples].map(([name, xs]) => [name, median(xs)]));
const at = (name: string): number => medians.get(name)!;
const createFast = at(cases[0]!.name);
const createSlow = at(cases[1]!.name);
if (values.figure) {
  printFigure(figure('validate.checkRequestFastVsSlow', createFast, 'µs CPU per checkRequest(create-variant-a), fast path (baseline: forced slow path)', createSlow, '<=', 0.5));
} else {
  console.log(`CPU µs per call, median of ${ROUNDS} interleaved rounds of ${CALLS} calls`);
  for (const label of labels) {
    for (const fn of ['checkRequest', 'findRequestIssues']) {
      const fast = at(`${label} ${fn} fast`);
      const slow = at(`${label} ${fn} slow`);
      console.log(`${`${label} ${fn}`.padEnd(58)} fast ${fast.toFixed(1).padStart(7)}  slow ${slow.toFixed(1).padStart(7)}  fast/slow ${(fast / slow).toFixed(2)}`);
    }
  }
  for (const c of cases.slice(-3)) console.log(`${c.name.padEnd(58)} ${at(c.name).toFixed(1).padStart(12)}`);
}
