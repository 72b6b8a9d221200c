import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@vsynth/core';
import type { BatchClient } from './batch-client.js';
import { iterableRows, modifyTemplate } from '@vsynth/templates';
import type { BatchEvent } from './batch-event.js';
import { runBatch } from './run-batch.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-redaction-');

const SECRET = 'sk-live-SECRET-9c1e77';
const instant = { now: () => 0, sleep: async () => {} };

/**
 * Row 1 fails with an answer quoting the secret, row 2's request is lost with a message quoting it; rows modify a
 * project named by the data.
 */
const client: BatchClient = {
  async modifyProject(body) {
    const projectId = String((body as { projectId: string }).projectId);
    if (projectId.endsWith('1'))
      throw new ApiError({
        status: 400,
        endpoint: 'POST /api/odin/v3/project/modify',
        message: `bad key ${SECRET} for ${projectId}`,
      } as never);
    throw new NetworkError('POST /api/odin/v3/project/modify', `socket hang up after sending ${SECRET}`, {
      cause: new Error('reset'),
    });
  },
  async createProject() {
    throw new Error('unused');
  },
  async createLegacyProject() {
    throw new Error('unused');
  },
};

async function run() {
  const folder = tempDir();
  const events: BatchEvent[] = [];
  const journal = join(folder, 'journal.ndjson');
  const results = join(folder, 'results.ndjson');
  await runBatch({
    rows: iterableRows([{ project: `${SECRET}-1` }, { project: `${SECRET}-2` }]),
    template: modifyTemplate({ projectId: '{{project}}', updates: { title: 'Hi' } }),
    client,
    maxAttempts: 1,
    journal,
    results,
    secrets: [SECRET],
    clock: instant,
    onEvent: (event) => events.push(event),
  });
  return {
    journal: readFileSync(journal, 'utf8'),
    results: readFileSync(results, 'utf8'),
    events: JSON.stringify(events),
  };
}

describe('runBatch redaction of configured secrets', () => {
  it("the journal: error messages and the rows' project ids", async () => {
    const { journal } = await run();
    expect(journal).not.toContain(SECRET);
    expect(journal).toContain('"projectId":"[redacted]-1"');
    expect(journal).toContain('socket hang up after sending [redacted]');
  });

  it('the results file: every row, failed and unknown', async () => {
    const { results } = await run();
    expect(results).not.toContain(SECRET);
    const rows = results
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => [row['status'], row['projectId']])).toEqual([
      ['failed', '[redacted]-1'],
      ['unknown', '[redacted]-2'],
    ]);
  });

  it('the events (progress on stderr)', async () => {
    const { events } = await run();
    expect(events).not.toContain(SECRET);
    expect(events).toContain('[redacted]');
  });

  it('results holding no secret are written as without secrets (CSV and NDJSON), rows holding one are redacted', async () => {
    const answering: BatchClient = {
      async modifyProject(body) {
        const projectId = String((body as { projectId: string }).projectId);
        if (projectId.startsWith('bad'))
          throw new ApiError({
            status: 400,
            endpoint: 'POST /api/odin/v3/project/modify',
            message: `no project "${projectId}", "quoted", 100% sure`,
          } as never);
        return { projectId: `${projectId}-v2` };
      },
      createProject: client.createProject,
      createLegacyProject: client.createLegacyProject,
    };
    const data = [
      { project: 'p-1', title: 'Hi, "you"' },
      { project: 'bad-2', title: '한국어' },
      { project: `${SECRET}-3`, title: 'x' },
      { project: 'p-4', title: '' },
    ];
    const write = async (secrets: string[], extension: string) => {
      const results = join(tempDir(), `results.${extension}`);
      await runBatch({
        rows: iterableRows(data),
        template: modifyTemplate({ projectId: '{{project}}', updates: { title: '{{title}}' } }),
        client: answering,
        maxAttempts: 1,
        results,
        secrets,
        clock: instant,
        concurrency: 1,
      });
      return readFileSync(results, 'utf8').split('\n');
    };
    for (const extension of ['csv', 'ndjson']) {
      const plain = await write([], extension);
      const redacted = await write([SECRET], extension);
      const third = extension === 'csv' ? 3 : 2; // the row holding the secret (after the CSV header)
      expect(redacted.filter((_, index) => index !== third)).toEqual(plain.filter((_, index) => index !== third));
      expect(plain[third]).toContain(SECRET);
      expect(redacted[third]).not.toContain(SECRET);
      expect(redacted[third]).toContain('[redacted]-3');
    }
  });
});
