import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULT_COLUMNS, openResultsFile } from './open-results-file.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-results-')();

describe('openResultsFile', () => {
  it('writes CSV with quoting for commas, quotes and newlines', () => {
    const file = join(dir, 'r.csv');
    const sink = openResultsFile(file);
    sink.write({
      row: 1,
      rowKey: 'a,b',
      status: 'failed',
      reason: 'http_400',
      errorCode: 'VSYNTH_API',
      errorMessage: 'bad "x"\nline',
      attempts: 1,
    });
    sink.write({
      row: 2,
      rowKey: 'k',
      status: 'done',
      projectId: 'p-2',
      attempts: 2,
      cubes: 4,
      videoUrl: 'https://v/2.mp4',
      duration: 3.5,
    });
    sink.close();
    expect(readFileSync(file, 'utf8')).toBe(
      'row,rowKey,status,reason,projectId,projectKey,errorCode,errorMessage,attempts,cubes,videoUrl,duration\n' +
        '1,"a,b",failed,http_400,,,VSYNTH_API,"bad ""x""\nline",1,,,\n' +
        '2,k,done,,p-2,,,,2,4,https://v/2.mp4,3.5\n',
    );
  });

  it('writes every column of RESULT_COLUMNS under its own header cell', () => {
    const file = join(dir, 'all.csv');
    const result = {
      row: 7,
      rowKey: 'key',
      status: 'done',
      reason: 'lost_response',
      projectId: 'p-7',
      projectKey: 'k-7',
      errorCode: 'VSYNTH_API',
      errorMessage: 'gone',
      attempts: 3,
      cubes: 5,
      videoUrl: 'https://v/7.mp4',
      duration: 2.5,
    } as const;
    const sink = openResultsFile(file);
    sink.write(result);
    sink.close();
    const [header, line] = readFileSync(file, 'utf8').split('\n');
    expect(header!.split(',')).toEqual([...RESULT_COLUMNS]);
    const cells = line!.split(',');
    expect(Object.fromEntries(RESULT_COLUMNS.map((column, i) => [column, cells[i]]))).toEqual(
      Object.fromEntries(RESULT_COLUMNS.map((column) => [column, String(result[column])])),
    );
  });

  it('writes NDJSON without the issue list, and refuses an unknown extension', () => {
    const file = join(dir, 'r.ndjson');
    const sink = openResultsFile(file);
    sink.write({ row: 1, rowKey: 'k', status: 'failed', reason: 'invalid', attempts: 0, issues: [] });
    sink.close();
    expect(readFileSync(file, 'utf8')).toBe(
      '{"row":1,"rowKey":"k","status":"failed","reason":"invalid","attempts":0}\n',
    );
    expect(() => openResultsFile(join(dir, 'r.txt'))).toThrow('Cannot tell the format of results file');
  });

  it('writes .json as one JSON array (an empty one for no rows), closed once', () => {
    const file = join(dir, 'r.json');
    const sink = openResultsFile(file);
    sink.write({ row: 1, rowKey: 'k1', status: 'done', projectId: 'p-1', attempts: 1 });
    sink.write({ row: 2, rowKey: 'k2', status: 'unknown', reason: 'lost_response', attempts: 1 });
    sink.close();
    sink.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
      { row: 1, rowKey: 'k1', status: 'done', projectId: 'p-1', attempts: 1 },
      { row: 2, rowKey: 'k2', status: 'unknown', reason: 'lost_response', attempts: 1 },
    ]);
    const empty = join(dir, 'e.json');
    openResultsFile(empty).close();
    expect(readFileSync(empty, 'utf8')).toBe('[]\n');
  });

  it("writes numbers as JSON numbers and leaves an unknown row's cubes out (not known whether charged)", () => {
    const file = join(dir, 'n.ndjson');
    const sink = openResultsFile(file);
    sink.write({ row: 1, rowKey: 'k1', status: 'done', attempts: 1, cubes: 4, duration: 12.5 });
    sink.write({ row: 2, rowKey: 'k2', status: 'unknown', reason: 'lost_response', attempts: 1, cubes: 4 });
    sink.close();
    expect(readFileSync(file, 'utf8')).toBe(
      '{"row":1,"rowKey":"k1","status":"done","attempts":1,"cubes":4,"duration":12.5}\n' +
        '{"row":2,"rowKey":"k2","status":"unknown","reason":"lost_response","attempts":1}\n',
    );
    const csv = join(dir, 'n.csv');
    const csvSink = openResultsFile(csv);
    csvSink.write({ row: 2, rowKey: 'k2', status: 'unknown', reason: 'lost_response', attempts: 1, cubes: 4 });
    csvSink.close();
    expect(readFileSync(csv, 'utf8').split('\n')[1]).toBe('2,k2,unknown,lost_response,,,,,1,,,');
  });

  it('creates nothing until written or closed, and an abandoned file keeps its bytes', () => {
    const file = join(dir, 'kept.csv');
    writeFileSync(file, 'earlier results\n');
    const sink = openResultsFile(file);
    sink.write({ row: 1, rowKey: 'k1', status: 'done', attempts: 1 });
    sink.abandon?.();
    expect(readFileSync(file, 'utf8')).toBe('earlier results\n');
    expect(() => openResultsFile(join(dir, 'missing', 'r.csv'))).toThrow(
      /^Cannot write the results file .*r\.csv: the folder .*missing does not exist\. Choose another path\.$/,
    );
  });
});
