/**
 * Hostile JSON bodies (deep nesting, huge strings, odd numbers) against the sandbox: never a 500,
 * and every create it acknowledged is served again by a sandbox restarted on the same directory.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { hostileCreateText } from './hostile-json.js';
import { api, CREATE, tempDir, testSandbox } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the sandbox under hostile JSON bodies', () => {
  it('answers 200 or a 4xx with its error body, and a restart reads back every acknowledged create', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const logged: string[] = [];
    let sandbox = await testSandbox({ dataDir: dir.path, log: (line) => logged.push(line) });
    const acknowledged: string[] = [];
    await fc.assert(
      fc.asyncProperty(hostileCreateText, async (text) => {
        const response = await fetch(`${sandbox.url}${CREATE}`, {
          method: 'POST',
          headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
          body: text,
        });
        const body = (await response.json()) as any;
        if (response.status === 200) {
          acknowledged.push(body.projectId);
          return;
        }
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(body.error.message).not.toMatch(/call stack|at .*\.ts:\d+/);
      }),
      { numRuns: 60, seed: 48 },
    );
    expect(logged.filter((line) => line.startsWith('internal error'))).toEqual([]);
    await sandbox.close();

    sandbox = await testSandbox({ dataDir: dir.path, log: (line) => logged.push(line) });
    const client = api(sandbox.url);
    const ledger = await client.get('/sandbox/ledger');
    expect(ledger.status).toBe(200);
    expect(ledger.body.entries.map((entry: { projectId: string }) => entry.projectId)).toEqual(acknowledged);
    for (const id of acknowledged) expect((await client.get(`/sandbox/projects/${id}`)).status).toBe(200);
    expect(logged.filter((line) => line.startsWith('ignored'))).toEqual([]);
    await sandbox.close();
  }, 120_000);
});
