/**
 * CPU µs per call of core's `checkRequest` and `findRequestIssues` for each example payload,
 * against a bare zod `safeParse` of the same payload in the same run, rounds interleaved (the
 * order alternates each round), medians of the rounds. Also what parts of the check cost on
 * create-variant-a: the spec's rules, the unknown-field walk and the value's copy.
 *
 *   node --conditions=@vsynth/source --import tsx bench/validate/check-request-speed.ts [--rounds 9] [--calls 400] [--figure]
 *
 * `--figure` prints one `bench/figure.ts` line instead of the table:
 * `validate.checkRequestVsZod`, checkRequest('create', create-variant-a) µs CPU per call over a
 * bare zod parse of it (aim ≤ 3).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  checkRequest,
  copyJsonData,
  findRequestIssues,
  findUnknownFields,
  REQUEST_RULES,
  REQUEST_SCHEMAS,
  type RequestKind,
} from '@vsynth/core';
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
    { name: `${label} checkRequest`, run: () => checkRequest(kind, payload) },
    { name: `${label} zod safeParse`, run: () => REQUEST_SCHEMAS[kind].safeParse(payload) },
    { name: `${label} findRequestIssues`, run: () => findRequestIssues(kind, payload) },
  );
}
const createA: unknown = JSON.parse(readFileSync('examples/payloads/create-variant-a.json', 'utf8'));
cases.push(
  { name: 'create-variant-a: unknown-field walk alone', run: () => findUnknownFields(REQUEST_SCHEMAS.create, createA) },
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
const createCheck = at(cases[0]!.name);
const createZod = at(cases[1]!.name);
if (values.figure) {
  const unit = 'µs CPU per checkRequest(create-variant-a) (baseline: bare zod safeParse)';
  printFigure(figure('validate.checkRequestVsZod', createCheck, unit, createZod, '<=', 3));
} else {
  console.log(`CPU µs per call, median of ${ROUNDS} interleaved rounds of ${CALLS} calls`);
  for (const label of labels) {
    const zod = at(`${label} zod safeParse`);
    for (const fn of ['checkRequest', 'findRequestIssues']) {
      const cost = at(`${label} ${fn}`);
      const times = `${cost.toFixed(1).padStart(7)}  zod ${zod.toFixed(1).padStart(7)}`;
      console.log(`${`${label} ${fn}`.padEnd(58)} ${times}  over zod ${(cost / zod).toFixed(2)}`);
    }
  }
  for (const c of cases.slice(-3)) console.log(`${c.name.padEnd(58)} ${at(c.name).toFixed(1).padStart(12)}`);
}
