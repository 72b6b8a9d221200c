import { describe, expect, it } from 'vitest';
import { isUsageError, isVsynthError } from '@vsynth/core';
import { iterableRows, modifyTemplate } from '@vsynth/templates';
import { runBatch, type RunBatchOptions } from './run-batch.js';

const template = modifyTemplate({ projectId: 'p-base', updates: { title: 'Hi {{name}}' } });

/** The UsageError message runBatch throws for these options (untyped, as a JavaScript caller passes them). */
async function refusal(options: Record<string, unknown>): Promise<string> {
  const error = await runBatch(options as unknown as RunBatchOptions).catch((caught: unknown) => caught);
  expect(isVsynthError(error)).toBe(true);
  expect(isUsageError(error)).toBe(true);
  return (error as Error).message;
}

describe('runBatch checks its options', () => {
  it('names plain objects given as rows and says how to wrap them', async () => {
    expect(await refusal({ rows: [{ name: 'a' }], template, dryRun: true })).toBe(
      '`rows` must yield data rows ({ row, data }); item 1 is an object. Wrap plain objects with iterableRows(objects) of @vsynth/templates.',
    );
    expect(await refusal({ rows: 'people.csv', template, dryRun: true })).toBe(
      '`rows` must be rows from csvRows, jsonRows, ndjsonRows, iterableRows or rowsFromFile (@vsynth/templates); received "people.csv" (a string).',
    );
  });

  it('names an un-awaited template as a Promise', async () => {
    const pending = Promise.resolve(template);
    expect(await refusal({ rows: iterableRows([{ name: 'a' }]), template: pending, dryRun: true })).toBe(
      '`template` must be a BatchTemplate from modifyTemplate, payloadTemplate, tsxTemplate or loadTemplate; received a Promise. Await it: `template: await …`.',
    );
    expect(await refusal({ rows: iterableRows([]), template: {}, dryRun: true })).toMatch(
      /^`template` must be a BatchTemplate .* \(with bind\(\)\); received an object\.$/,
    );
  });

  it('names each option of the wrong type or range with what it got', async () => {
    const rows = iterableRows([{ name: 'a' }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ concurrency: '4' }, '`concurrency` must be a whole number of at least 1; received "4" (a string).'],
      [{ concurrency: 0 }, '`concurrency` must be a whole number of at least 1; received 0.'],
      [{ maxAttempts: 2.5 }, '`maxAttempts` must be a whole number of at least 1; received 2.5.'],
      [{ rps: 0 }, '`rps` must be a number above 0; received 0.'],
      [{ maxCubes: Number.NaN }, '`maxCubes` must be a number of at least 0; received NaN.'],
      [{ journal: 42 }, '`journal` must be a non-empty string; received 42.'],
      [
        { journalDurability: 'sometimes' },
        '`journalDurability` must be one of "fsync", "write"; received "sometimes" (a string).',
      ],
      [{ resume: 'yes' }, '`resume` must be true or false; received "yes" (a string).'],
      [{ projectPool: 'p1,p2' }, '`projectPool` must be an array of non-empty strings; received "p1,p2" (a string).'],
      [{ results: 7 }, '`results` must be a results file path or a ResultsSink (with write(), close()); received 7.'],
      [{ onEvent: 'log' }, '`onEvent` must be a function; received "log" (a string).'],
      [{ backoff: { baseMs: -1 } }, '`backoff.baseMs` must be a number of at least 0; received -1.'],
      [
        { estimate: { rates: { perscene: 1 } } },
        'Unknown cube rate "perscene": use perScene, per100ScriptChars, perAudio100Chars, perDubbingTarget.',
      ],
    ];
    for (const [options, message] of cases) {
      expect(await refusal({ rows, template, dryRun: true, ...options })).toBe(message);
    }
  });

  it('names a client that is a Promise or lacks the calls a batch makes', async () => {
    const rows = iterableRows([{ name: 'a' }]);
    expect(await refusal({ rows, template, client: Promise.resolve({}) })).toBe(
      '`client` must be a client from createClient; received a Promise. Await it: `client: await …`.',
    );
    expect(await refusal({ rows, template, client: { createProject: () => {} } })).toBe(
      '`client` must be a client from createClient (with modifyProject()); received an object.',
    );
  });

  it('refuses something other than an options object', async () => {
    expect(await refusal(undefined as unknown as Record<string, unknown>)).toBe(
      'runBatch takes one options object; received nothing.',
    );
  });
});

describe('the journal and results file check their arguments', () => {
  it('names a path that is not a string and a batch without its id', async () => {
    const { openJournal } = await import('./open-journal.js');
    const { openResultsFile } = await import('./open-results-file.js');
    expect(() => openResultsFile(undefined as unknown as string)).toThrow(
      '`path` must be a non-empty string; received nothing.',
    );
    expect(() => openJournal('j.ndjson', { batch: { template: 't' } } as never)).toThrow(
      '`batch.id` must be a non-empty string; received nothing.',
    );
  });
});
