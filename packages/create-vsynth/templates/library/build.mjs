/**
 * A build script using vsynth as a library, run with plain node: compile video.tsx, validate the
 * payload, then bind every row of people.csv through the Handlebars template modify.json and
 * validate each request. Writes out/create.json and out/modify.ndjson; sends nothing.
 *
 *   node build.mjs
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkRequest, formatIssues } from '@vsynth/core';
import { compileFile } from '@vsynth/jsx-runtime';
import { modifyTemplate, rowsFromFile } from '@vsynth/templates';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));

// 1. The video, as the payload that creates its project; `slots` names its texts for the template.
const { payload, slots, warnings } = await compileFile(here('video.tsx'));
if (warnings.length > 0) console.warn(formatIssues(warnings));
const created = checkRequest('create', payload);
if (!created.ok) throw new Error(`video.tsx does not make a valid create request:\n${formatIssues(created.issues)}`);

// 2. One modify request per row: {{firstName}} and {{project}} come from the CSV columns.
const template = modifyTemplate(JSON.parse(await readFile(here('modify.json'), 'utf8')), {
  slots,
  name: 'modify.json',
});
const requests = [];
for await (const { row, data } of rowsFromFile(here('people.csv'))) {
  const bound = await template.bind(data, row);
  const checked = bound.ok ? checkRequest('modify', bound.request.body) : bound;
  if (!checked.ok) throw new Error(`people.csv row ${row}:\n${formatIssues(checked.issues)}`);
  requests.push(bound.request.body);
}

await mkdir(here('out'), { recursive: true });
await writeFile(here('out/create.json'), `${JSON.stringify(payload, null, 2)}\n`);
await writeFile(here('out/modify.ndjson'), requests.map((request) => `${JSON.stringify(request)}\n`).join(''));
console.log(JSON.stringify({ video: payload.name, scenes: payload.scenes.length, slots, rows: requests.length }));
