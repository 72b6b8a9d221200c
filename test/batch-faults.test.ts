import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssue, listenForWebhooks } from '@vsynth/core';
import { runBatch, type WebhookDeliveryInfo } from '@vsynth/batch';
import { iterableRows, type DataRow } from '@vsynth/templates';
import {
  basePool,
  greetingRows,
  greetingTemplate,
  instantClock,
  ledger,
  modifiesByHeadline,
  readNdjson,
  testSandbox,
  type TestSandbox,
} from './batch-helpers.js';
import { seeded } from './sandbox-helpers.js';

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('batch against the sandbox with faults', () => {
  it('with 5xx and 429 faults does every valid row exactly once and reports invalid rows with row and variable', async () => {
    sandbox = await testSandbox({ fault5xxRate: 0.1, fault429Rate: 0.05, random: seeded(7) });
    const { pool, slots, payload } = await basePool(sandbox.client, 4);
    const valid = await greetingRows();
    const invalid: DataRow[] = [
      { row: 51, data: { ...valid[0]!.data, firstName: undefined, frstName: 'Typo' } as Record<string, unknown> },
      { row: 52, data: { ...valid[1]!.data, firstName: 'Bad Date', validUntil: 'not a date' } },
    ].map((row) => ({ ...row, data: Object.fromEntries(Object.entries(row.data).filter(([, v]) => v !== undefined)) }));
    const out = join(sandbox.dir, 'results.ndjson');
    const summary = await runBatch({
      rows: iterableRows([...valid.map((r) => r.data), ...invalid.map((r) => r.data)]),
      template: await greetingTemplate(slots),
      client: sandbox.client,
      projectPool: pool,
      concurrency: 4,
      maxAttempts: 10,
      journal: join(sandbox.dir, 'journal.ndjson'),
      results: out,
      estimate: { base: payload },
      clock: instantClock,
    });

    expect(summary).toMatchObject({ rows: 52, done: 50, failed: 2, failedByReason: { invalid: 2 }, unknown: 0 });
    const entries = await ledger(sandbox.url);
    const counts = modifiesByHeadline(entries);
    expect(counts.size).toBe(50);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.get('Hello Tom & Jerry <3!')).toBe(1);
    // The faults happened and were retried; the estimate matches what the sandbox charged.
    const failures = (await readNdjson(join(sandbox.dir, 'journal.ndjson')))
      .filter((e) => e['type'] === 'failed')
      .map((e) => e['reason']);
    expect(failures).toContain('http_503');
    expect(failures).toContain('http_429');
    const charged = entries
      .filter((e) => e.endpoint === 'POST /api/odin/v3/project/modify')
      .reduce((sum, e) => sum + e.cubes, 0);
    expect(summary.cubes).toBe(charged);

    const results = await readNdjson(out);
    expect(results).toHaveLength(52);
    const row51 = results.find((r) => r['row'] === 51);
    expect(row51).toMatchObject({ status: 'failed', reason: 'invalid', errorCode: 'VSYNTH_TEMPLATE' });
    expect(String(row51?.['errorMessage'])).toMatch(
      /^missing variable "firstName" in updates\.title_0: the row has no such column \(did you mean "frstName"\?\)/,
    );
    const row52 = results.find((r) => r['row'] === 52);
    expect(row52?.['errorMessage']).toBe('date: "not a date" is not a date');
  });

  it('escapes script text and keeps titles exact on the way to the service', async () => {
    sandbox = await testSandbox();
    const { pool, slots } = await basePool(sandbox.client, 1);
    const row = {
      firstName: 'Tom & Jerry <3',
      city: 'Paris, France',
      company: 'A "B"',
      offer: 'x',
      discount: '0.5',
      validUntil: '2027-01-31',
      email: 'a@b',
    };
    await runBatch({
      rows: iterableRows([row]),
      template: await greetingTemplate(slots),
      client: sandbox.client,
      projectPool: pool,
      clock: instantClock,
    });
    const entry = (await ledger(sandbox.url)).find((e) => e.endpoint === 'POST /api/odin/v3/project/modify');
    expect(entry?.body.updates).toEqual({
      title_0: 'Hello Tom & Jerry <3!',
      scripts_0: '<p>Hi Tom &amp; Jerry &lt;3 from Paris, France, thanks for joining A &quot;B&quot;.</p>',
      scripts_1: '<p>Tom &amp; Jerry &lt;3, your offer: x. It is valid until January 31, 2027.</p>',
      subtitles_0: 'x · 50% off',
    });
  });

  it('with lost responses leaves the affected rows unknown and never sends a row twice', async () => {
    sandbox = await testSandbox({ faultLostResponseRate: 0.05, random: seeded(11) });
    const { pool, slots } = await basePool(sandbox.client, 4);
    const rows = await greetingRows();
    const journal = join(sandbox.dir, 'journal.ndjson');
    const out = join(sandbox.dir, 'results.ndjson');
    const options = {
      template: await greetingTemplate(slots),
      client: sandbox.client,
      projectPool: pool,
      concurrency: 4,
      journal,
      clock: instantClock,
    };
    const summary = await runBatch({ ...options, rows: iterableRows(rows.map((r) => r.data)), results: out });

    const counts = modifiesByHeadline(await ledger(sandbox.url));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(summary.unknown).toBeGreaterThan(0);
    expect(summary.done + summary.unknown).toBe(50);
    expect(counts.size).toBe(50);
    const unknown = (await readNdjson(out)).filter((r) => r['status'] === 'unknown');
    expect(unknown).toHaveLength(summary.unknown);
    expect(unknown.every((r) => r['reason'] === 'lost_response' && r['attempts'] === 1)).toBe(true);

    const resumed = await runBatch({ ...options, rows: iterableRows(rows.map((r) => r.data)), resume: true });
    expect(resumed).toMatchObject({ skipped: summary.done, unknown: summary.unknown, submitted: 0 });
    expect([...modifiesByHeadline(await ledger(sandbox.url)).values()].every((n) => n === 1)).toBe(true);
  });

  it('settles rows with lost responses as done when their webhook delivery arrives', async () => {
    sandbox = await testSandbox({ faultLostResponseRate: 0.1, random: seeded(3) });
    const { pool, slots } = await basePool(sandbox.client, 4);
    const secret = 'test-secret-123';
    const listeners = new Set<(d: WebhookDeliveryInfo) => void>();
    const receiver = await listenForWebhooks({
      secret,
      onDelivery: (d) =>
        listeners.forEach((l) => l({ correlationId: d.correlationId, videoUrl: d.videoUrl, duration: d.duration })),
    });
    const out = join(sandbox.dir, 'results.csv');
    const journal = join(sandbox.dir, 'journal.ndjson');
    try {
      const rows = (await greetingRows()).slice(0, 20);
      const summary = await runBatch({
        rows: iterableRows(rows.map((r) => r.data)),
        template: await greetingTemplate(slots),
        client: sandbox.client,
        projectPool: pool,
        concurrency: 4,
        journal,
        results: out,
        webhooks: { url: receiver.url, secret, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) },
        webhookWaitMs: 10_000,
      });
      expect(summary).toMatchObject({ done: 20, unknown: 0 });
      const lost = (await readNdjson(journal)).filter((e) => e['type'] === 'unknown');
      expect(lost.length).toBeGreaterThan(0);
      // Settled by their deliveries, not by sending them again: each row is in the ledger once.
      const counts = modifiesByHeadline(await ledger(sandbox.url));
      expect(counts.size).toBe(20);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(
        (await readNdjson(journal))
          .filter((e) => e['type'] === 'done' && e['via'] === 'webhook')
          .map((e) => e['row'])
          .sort(),
      ).toEqual(lost.map((e) => e['row']).sort());
      const text = await import('node:fs/promises').then((fs) => fs.readFile(out, 'utf8'));
      const lines = text.trim().split('\n').slice(1);
      expect(lines).toHaveLength(20);
      expect(
        lines.every(
          (line) =>
            /,done,/.test(line) && /,http:\/\/127\.0\.0\.1:\d+\/sandbox\/artifacts\/[^,]+,\d+(\.\d+)?$/.test(line),
        ),
      ).toBe(true);
      expect(text).not.toContain(secret);
    } finally {
      await receiver.close();
    }
  });

  it('sends no row that was waiting for its --rps turn when a 404 of a pool project stopped the batch', async () => {
    sandbox = await testSandbox();
    const { pool, slots } = await basePool(sandbox.client, 1);
    const rows = (await greetingRows()).slice(0, 2).map((r) => r.data);
    const out = join(sandbox.dir, 'results.ndjson');
    // Row 1 takes the missing project and is answered 404 at once; row 2 waits 250 ms for its turn.
    const error = await runBatch({
      rows: iterableRows(rows),
      template: await greetingTemplate(slots),
      client: sandbox.client,
      projectPool: ['p-missing', ...pool],
      concurrency: 2,
      rps: 4,
      results: out,
      keyColumn: 'email',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
    expect(modifiesByHeadline(await ledger(sandbox.url))).toEqual(new Map());
    expect((await readNdjson(out)).map((r) => [r['row'], r['status'], r['reason']])).toEqual([
      [1, 'failed', 'http_404'],
      [2, 'failed', 'stopped'],
    ]);
  });

  it('prints invalid rows with their row and variable', async () => {
    const { slots } = { slots: { headline: 'title_0' } };
    const template = await greetingTemplate({
      ...slots,
      greeting: 'scripts_0',
      offer: 'scripts_1',
      caption: 'subtitles_0',
    });
    const issues: string[] = [];
    await runBatch({
      rows: iterableRows([
        { firstName: 'A', city: 'B', company: '', offer: 'o', discount: 'x', validUntil: '2027-01-01' },
      ]),
      template,
      dryRun: true,
      results: { write: (r) => r.issues?.forEach((i) => issues.push(formatIssue(i))), close: () => {} },
    });
    expect(issues).toEqual(['✖ number: "x" is not a number\n  → at row 1 · updates.subtitles_0']);
  });
});
