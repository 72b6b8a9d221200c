import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issue } from '@vsynth/core';
import { modifyTemplate, type DataRow } from '@vsynth/templates';
import { runBatch } from './run-batch.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-dry-run-bytes-')();

// Values with quotes, a comma, a line break, CJK, markup and &; one row the source could not read
// (its issue quotes and has a comma, so the CSV field must be quoted).
const ROWS: DataRow[] = [
  { row: 1, data: { firstName: 'Åsa "Ace", Jr.', company: 'Acme', city: '北京', nickname: '', offer: '10% off' } },
  { row: 2, data: { firstName: '李雷', company: 'Multi\r\nline Co', city: 'Zürich', nickname: 'lei', offer: '5' } },
  {
    row: 3,
    data: {},
    issues: [issue({ code: 'row', message: 'the record has 2 fields, the header "5"', path: [], row: 3 })],
  },
  { row: 4, data: { firstName: 'Tom & Jerry', company: '<b>Co</b>', city: 'Lisbon', nickname: 'tj', offer: 'a,b' } },
];

const CSV_RESULTS = `row,rowKey,status,reason,projectId,projectKey,errorCode,errorMessage,attempts,cubes,videoUrl,duration
1,bpce8pfpri4X,ok,,,,,,0,2,,
2,vb0qJec5aB0Q,ok,,,,,,0,2,,
3,RBNvo1WzZ4oR,failed,invalid,,,VSYNTH_VALIDATION,"the record has 2 fields, the header ""5""",0,,,
4,wBX5UmIIwXEC,ok,,,,,,0,2,,
`;
const NDJSON_RESULTS = `{"row":1,"rowKey":"bpce8pfpri4X","status":"ok","attempts":0,"cubes":2}
{"row":2,"rowKey":"vb0qJec5aB0Q","status":"ok","attempts":0,"cubes":2}
{"row":3,"rowKey":"RBNvo1WzZ4oR","status":"failed","reason":"invalid","errorCode":"VSYNTH_VALIDATION","errorMessage":"the record has 2 fields, the header \\"5\\"","attempts":0}
{"row":4,"rowKey":"wBX5UmIIwXEC","status":"ok","attempts":0,"cubes":2}
`;

const template = modifyTemplate({
  projectId: 'p-base',
  updates: {
    title: 'Hello {{firstName}}!',
    title_1: '{{upper company}}',
    subtitles: '{{city}} · {{default nickname "friend"}}',
    scripts_0: '<p>Hi {{firstName}} from {{city}}, welcome to {{company}}.</p>',
    scripts_1: '<p>{{firstName}}, your offer: {{offer}}.</p>',
  },
  isExport: true,
});

describe('dry run results files', () => {
  it.each([
    ['csv', CSV_RESULTS],
    ['ndjson', NDJSON_RESULTS],
    ['json', `[\n${NDJSON_RESULTS.trimEnd().split('\n').join(',\n')}\n]\n`],
  ])(
    'write one line per row, in the order rows settle, quoted as the format needs (.%s)',
    async (extension, expected) => {
      const results = join(dir, `results.${extension}`);
      const summary = await runBatch({ rows: ROWS, template, dryRun: true, results, secrets: [] });
      expect(readFileSync(results, 'utf8')).toBe(expected);
      expect([summary.rows, summary.ok, summary.failed, summary.cubes]).toEqual([4, 3, 1, 6]);
    },
  );
});
