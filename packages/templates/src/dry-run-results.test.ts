import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modifyTemplate } from './modify-template.js';
import { rowsFromFile } from './rows-from-file.js';
import { runBatch } from './run-batch.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-dry-run-bytes-')();

// A BOM, CRLF, doubled quotes, a quoted line break, CJK, empty fields, a blank line, rows with too
// few and too many fields, and values with markup, & and a comma.
const DATA = "\uFEFFfirstName,company,city,nickname,offer\r\n\"Åsa \"\"Ace\"\", Jr.\",Acme,北京,,10% off\r\n李雷,\"Multi\r\nline Co\",Zürich,lei,5\r\n,Empty,,,\r\n\r\nbad,row\r\n\"x\",y,z,w,v,extra\r\nTom & Jerry,<b>Co</b>,Lisbon,tj,\"a,b\"\r\n";

// The results files the dry run wrote before CsvRecordParser and the faster results writer (csv-parse and
// the array-based CSV line): byte for byte the same is expected.
const CSV_RESULTS = "row,rowKey,status,reason,projectId,projectKey,errorCode,errorMessage,attempts,cubes,videoUrl,duration\n1,bpce8pfpri4X,ok,,,,,,0,2,,\n2,vb0qJec5aB0Q,ok,,,,,,0,2,,\n3,XyIt8mxyQJj9,ok,,,,,,0,2,,\n4,0vDWRZ7YEWMJ,failed,invalid,,,VSYNTH_VALIDATION,the record ending on line 8 has a different number of fields than the header (5); check its quotes and delimiters,0,,,\n5,GSJPRyz9vdy7,failed,invalid,,,VSYNTH_VALIDATION,the record ending on line 9 has a different number of fields than the header (5); check its quotes and delimiters,0,,,\n6,wBX5UmIIwXEC,ok,,,,,,0,2,,\n";
const NDJSON_RESULTS = "{\"row\":1,\"rowKey\":\"bpce8pfpri4X\",\"status\":\"ok\",\"attempts\":0,\"cubes\":2}\n{\"row\":2,\"rowKey\":\"vb0qJec5aB0Q\",\"status\":\"ok\",\"attempts\":0,\"cubes\":2}\n{\"row\":3,\"rowKey\":\"XyIt8mxyQJj9\",\"status\":\"ok\",\"attempts\":0,\"cubes\":2}\n{\"row\":4,\"rowKey\":\"0vDWRZ7YEWMJ\",\"status\":\"failed\",\"reason\":\"invalid\",\"errorCode\":\"VSYNTH_VALIDATION\",\"errorMessage\":\"the record ending on line 8 has a different number of fields than the header (5); check its quotes and delimiters\",\"attempts\":0}\n{\"row\":5,\"rowKey\":\"GSJPRyz9vdy7\",\"status\":\"failed\",\"reason\":\"invalid\",\"errorCode\":\"VSYNTH_VALIDATION\",\"errorMessage\":\"the record ending on line 9 has a different number of fields than the header (5); check its quotes and delimiters\",\"attempts\":0}\n{\"row\":6,\"rowKey\":\"wBX5UmIIwXEC\",\"status\":\"ok\",\"attempts\":0,\"cubes\":2}\n";

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
  ])('are byte for byte what they were for the same data (.%s)', async (extension, expected) => {
    const data = join(dir, 'people.csv');
    writeFileSync(data, DATA);
    const results = join(dir, `results.${extension}`);
    const summary = await runBatch({ rows: rowsFromFile(data), template, dryRun: true, results, secrets: [] });
    expect(readFileSync(results, 'utf8')).toBe(expected);
    expect([summary.rows, summary.ok, summary.failed, summary.cubes]).toEqual([6, 4, 2, 8]);
  });
});
