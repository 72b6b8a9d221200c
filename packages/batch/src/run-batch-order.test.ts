import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterableRows, modifyTemplate } from '@vsynth/templates';
import type { BatchClient } from './batch-client.js';
import { runBatch } from './run-batch.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-order-');
const template = modifyTemplate({ projectId: 'p-base', updates: { title: 'Hi {{name}}' } });
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `person ${i + 1}` }));

/** A client whose answers come back in the reverse order of the requests of each round. */
function reversingClient(): BatchClient & { order: string[] } {
  const order: string[] = [];
  const waiting: (() => void)[] = [];
  const client = {
    order,
    async modifyProject(request: unknown) {
      const title = String((request as { updates: { title: string } }).updates.title);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        // Three in flight: release them last first.
        if (waiting.length === 3) for (const release of waiting.splice(0).reverse()) release();
      });
      order.push(title);
      return { projectId: `out-${title}` };
    },
    createProject: () => Promise.reject(new Error('not used')),
    createLegacyProject: () => Promise.reject(new Error('not used')),
  };
  return client as unknown as BatchClient & { order: string[] };
}

describe('results file order', () => {
  it('lists rows in the order they were read, though their answers came back in another', async () => {
    const out = join(dir(), 'r.ndjson');
    const client = reversingClient();
    const summary = await runBatch({
      rows: iterableRows(people(6)),
      template,
      client,
      concurrency: 3,
      projectPool: ['p1', 'p2', 'p3'],
      results: out,
      secrets: [],
    });
    expect(summary.done).toBe(6);
    expect(client.order.slice(0, 3)).not.toEqual(['Hi person 1', 'Hi person 2', 'Hi person 3']);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { row: number }).row);
    expect(rows).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
