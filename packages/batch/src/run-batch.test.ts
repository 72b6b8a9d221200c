import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, isUsageError, isValidationError } from '@vsynth/core';
import type { BatchClient, WebhookCollector, WebhookDeliveryInfo } from './batch-client.js';
import type { BatchClock } from './batch-clock.js';
import { readJournal } from './read-journal.js';
import { iterableRows, modifyTemplate, type BatchTemplate } from '@vsynth/templates';
import type { BatchEvent } from './batch-event.js';
import { runBatch } from './run-batch.js';
import { tempDirs } from './test-temp-dirs.js';

const template = modifyTemplate({
  projectId: 'p-base',
  updates: { title: 'Hi {{name}}', scripts_0: 'Hello {{name}}' },
  isExport: true,
});
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `person ${i + 1}` }));
const dir = tempDirs('vsynth-batch-');

/** Virtual time: sleeping advances the clock at once and records the wait. */
function fakeClock(): BatchClock & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      slept.push(ms);
      t += ms;
      await Promise.resolve();
    },
  };
}

type Script = (body: Record<string, unknown>, call: number) => Promise<{ projectId: string }> | { projectId: string };

/** A client that answers by script and records every request and the overlap per project. */
function fakeClient(
  script: Script = (body) => ({ projectId: `out-${String((body['updates'] as Record<string, string>)['title'])}` }),
) {
  const calls: Record<string, unknown>[] = [];
  const active = new Map<string, number>();
  let maxOverlap = 0;
  let maxActive = 0;
  let activeTotal = 0;
  const client: BatchClient = {
    async modifyProject(request) {
      const body = request as unknown as Record<string, unknown>;
      calls.push(body);
      const call = calls.length;
      const id = String(body['projectId']);
      active.set(id, (active.get(id) ?? 0) + 1);
      activeTotal += 1;
      maxOverlap = Math.max(maxOverlap, active.get(id)!);
      maxActive = Math.max(maxActive, activeTotal);
      try {
        await new Promise((resolve) => setImmediate(resolve));
        return await script(body, call);
      } finally {
        active.set(id, active.get(id)! - 1);
        activeTotal -= 1;
      }
    },
    createProject: async () => ({ projectId: 'x' }),
    createLegacyProject: async () => ({ success: true, key: 'k', cube_used: 1 }),
  };
  return { client, calls, overlap: () => maxOverlap, maxActive: () => maxActive };
}

const titleOf = (body: Record<string, unknown>) => String((body['updates'] as Record<string, string>)['title']);

describe('runBatch', () => {
  it('sends each valid row once and reports invalid rows with row and variable', async () => {
    const out = join(dir(), 'results.csv');
    const { client, calls } = fakeClient();
    const rows = [...people(3), { nmae: 'typo' }];
    const events: BatchEvent[] = [];
    const summary = await runBatch({
      rows: iterableRows(rows),
      template,
      client,
      results: out,
      projectPool: ['p-1', 'p-2'],
      clock: fakeClock(),
      onEvent: (e) => events.push(e),
    });
    expect(calls.map(titleOf).sort()).toEqual(['Hi person 1', 'Hi person 2', 'Hi person 3']);
    // --events jsonl consumers get the reason and the message of a failed row.
    expect(events.find((e) => e.type === 'row' && e.row === 4)).toMatchObject({
      status: 'failed',
      reason: 'invalid',
      message: expect.stringMatching(/^missing variable "name" in updates\.title: /),
    });
    expect(summary).toMatchObject({
      rows: 4,
      submitted: 3,
      done: 3,
      failed: 1,
      failedByReason: { invalid: 1 },
      unknown: 0,
    });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'row,rowKey,status,reason,projectId,projectKey,errorCode,errorMessage,attempts,cubes,videoUrl,duration',
    );
    const invalid = lines.find((line) => line.startsWith('4,'));
    expect(invalid).toMatch(
      /^4,[\w-]{12},failed,invalid,,,VSYNTH_TEMPLATE,"missing variable ""name"" in updates\.title: the row has no such column \(did you mean ""nmae""\?\); missing variable ""name"" in updates\.scripts_0/,
    );
  });

  it('retries 429 and 5xx after the longer of backoff and Retry-After, then succeeds', async () => {
    const clock = fakeClock();
    let n = 0;
    const { client, calls } = fakeClient((body) => {
      n += 1;
      if (n === 1)
        throw new ApiError({ status: 429, endpoint: 'POST /api/odin/v3/project/modify', retryAfterMs: 2000 });
      if (n === 2) throw new ApiError({ status: 503, endpoint: 'POST /api/odin/v3/project/modify' });
      return { projectId: titleOf(body) };
    });
    const journal = join(dir(), 'j.ndjson');
    const summary = await runBatch({
      rows: iterableRows(people(1)),
      template,
      client,
      journal,
      clock,
      random: () => 0.5,
      backoff: { baseMs: 100 },
    });
    expect(summary).toMatchObject({ done: 1, submitted: 1 });
    expect(calls).toHaveLength(3);
    expect(clock.slept).toContain(2000);
    expect(clock.slept).toContain(100);
    const entries = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(entries.map((e) => e.type)).toEqual(['batch', 'attempt', 'failed', 'attempt', 'failed', 'attempt', 'done']);
  });

  it('fails a row after maxAttempts transient answers and a 400 at once', async () => {
    const { client } = fakeClient((body) => {
      if (titleOf(body) === 'Hi person 1') throw new ApiError({ status: 500, endpoint: 'POST /m' });
      throw new ApiError({ status: 400, endpoint: 'POST /m', detail: 'no clip title_0' });
    });
    const summary = await runBatch({
      rows: iterableRows(people(2)),
      template,
      client,
      maxAttempts: 3,
      clock: fakeClock(),
      projectPool: ['a', 'b'],
    });
    expect(summary.failedByReason).toEqual({ http_500: 1, http_400: 1 });
  });

  it('stops at refused credentials (401/403): finishes what is in flight, sends no new row, throws the API error', async () => {
    const { client, calls } = fakeClient(() => {
      throw new ApiError({ status: 401, endpoint: 'POST /m', detail: 'bad key' });
    });
    const journal = join(dir(), 'j.ndjson');
    const out = join(dir(), 'r.ndjson');
    const error = await runBatch({
      rows: iterableRows(people(50)),
      template,
      client,
      concurrency: 2,
      projectPool: ['a', 'b'],
      journal,
      results: out,
      clock: fakeClock(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls.length).toBeLessThanOrEqual(2);
    const written = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written).toHaveLength(calls.length);
    expect(written.every((r) => r['status'] === 'failed' && r['reason'] === 'http_401')).toBe(true);
    // The journal says the rows failed (nothing accepted), so --resume with a good key sends them.
    expect([...readJournal(journal)!.rows.values()].map((r) => r.status)).toEqual(Array(calls.length).fill('failed'));
  });

  it('refuses a --key-column the data does not have, suggesting the column, before sending anything', async () => {
    const { client, calls } = fakeClient();
    const journal = join(dir(), 'j.ndjson');
    const rows = people(3).map((r, i) => ({ ...r, email: `p${i}@x` }));
    const error = await runBatch({
      rows: iterableRows(rows),
      template,
      client,
      keyColumn: 'emial',
      journal,
      clock: fakeClock(),
    }).catch((e: unknown) => e);
    expect(isUsageError(error)).toBe(true);
    expect((error as Error).message).toBe('The key column "emial" is not a column of the data; did you mean "email"?');
    expect(calls).toHaveLength(0);
    // The journal recorded no row, so the corrected command starts over on it.
    const summary = await runBatch({
      rows: iterableRows(rows),
      template,
      client,
      keyColumn: 'email',
      journal,
      clock: fakeClock(),
      projectPool: ['a'],
    });
    expect(summary).toMatchObject({ done: 3 });
  });

  it('stops at a 404 of the project every row modifies (fixed in the template, or from the pool), not at a per-row project', async () => {
    const missing = () => {
      throw new ApiError({ status: 404, endpoint: 'POST /m', detail: 'no such project' });
    };
    for (const options of [{}, { projectPool: ['gone-1', 'gone-2'] }]) {
      const { client, calls } = fakeClient(missing);
      const out = join(dir(), 'r.ndjson');
      const error = await runBatch({
        rows: iterableRows(people(20)),
        template,
        client,
        concurrency: 2,
        clock: fakeClock(),
        results: out,
        ...options,
      }).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(404);
      // Without a pool the second row waits for the project; it is not sent after the 404 but reported as stopped.
      expect(calls).toHaveLength('projectPool' in options ? 2 : 1);
      const written = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(written.map((r) => r['reason']).sort()).toEqual(
        'projectPool' in options ? ['http_404', 'http_404'] : ['http_404', 'stopped'],
      );
    }
    const perRow = modifyTemplate({ projectId: '{{project}}', updates: { title: 'Hi {{name}}' } });
    expect(perRow.projectId).toBeUndefined();
    expect(template.projectId).toBe('p-base');
    const { client, calls } = fakeClient(missing);
    const summary = await runBatch({
      rows: iterableRows(people(3).map((r, i) => ({ ...r, project: `p-${i}` }))),
      template: perRow,
      client,
      clock: fakeClock(),
    });
    expect(summary.failedByReason).toEqual({ http_404: 3 });
    expect(calls).toHaveLength(3);
  });

  it('halves concurrency after repeated 429 answers', async () => {
    const events: BatchEvent[] = [];
    const { client } = fakeClient((body, call) => {
      if (call <= 4) throw new ApiError({ status: 429, endpoint: 'POST /m' });
      return { projectId: titleOf(body) };
    });
    const pool = Array.from({ length: 8 }, (_, i) => `p-${i}`);
    await runBatch({
      rows: iterableRows(people(8)),
      template,
      client,
      concurrency: 8,
      projectPool: pool,
      clock: fakeClock(),
      onEvent: (e) => events.push(e),
    });
    const changes = events.filter((e) => e.type === 'concurrency');
    expect(changes[0]).toEqual({ type: 'concurrency', limit: 4, reason: 'repeated 429' });
  });

  it('never overlaps two modifies of one project, and spreads rows over a pool', async () => {
    const single = fakeClient();
    await runBatch({
      rows: iterableRows(people(6)),
      template,
      client: single.client,
      concurrency: 4,
      clock: fakeClock(),
    });
    expect(single.overlap()).toBe(1);
    const pooled = fakeClient();
    await runBatch({
      rows: iterableRows(people(12)),
      template,
      client: pooled.client,
      concurrency: 4,
      projectPool: ['a', 'b', 'c'],
      clock: fakeClock(),
    });
    expect(pooled.overlap()).toBe(1);
    expect(pooled.maxActive()).toBe(3);
    expect(new Set(pooled.calls.map((c) => c['projectId']))).toEqual(new Set(['a', 'b', 'c']));
  });

  it('marks a lost response unknown, does not resend it on resume, and resends it only when asked', async () => {
    const journal = join(dir(), 'j.ndjson');
    const lost = fakeClient((body) => {
      if (titleOf(body) === 'Hi person 2')
        throw new NetworkError('POST /m', 'closed', {
          cause: Object.assign(new Error('socket'), { code: 'UND_ERR_SOCKET' }),
        });
      return { projectId: titleOf(body) };
    });
    const first = await runBatch({
      rows: iterableRows(people(3)),
      template,
      client: lost.client,
      journal,
      projectPool: ['a', 'b'],
      clock: fakeClock(),
    });
    expect(first).toMatchObject({ done: 2, unknown: 1 });
    expect(lost.calls.filter((c) => titleOf(c) === 'Hi person 2')).toHaveLength(1);

    const again = fakeClient();
    const out = join(dir(), 'r.ndjson');
    const resumed = await runBatch({
      rows: iterableRows(people(3)),
      template,
      client: again.client,
      journal,
      resume: true,
      results: out,
      clock: fakeClock(),
    });
    expect(again.calls).toHaveLength(0);
    expect(resumed).toMatchObject({ skipped: 2, unknown: 1, done: 0 });
    const results = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(results.map((r) => [r['row'], r['status'], r['reason']])).toEqual([
      [1, 'done', undefined],
      [2, 'unknown', 'lost_response'],
      [3, 'done', undefined],
    ]);

    const resend = await runBatch({
      rows: iterableRows(people(3)),
      template,
      client: again.client,
      journal,
      resume: true,
      resendUnknown: true,
      clock: fakeClock(),
    });
    expect(again.calls.map(titleOf)).toEqual(['Hi person 2']);
    expect(resend).toMatchObject({ skipped: 2, done: 1, unknown: 0 });
  });

  it('treats an attempt without an outcome (a crash) as unknown and refuses changed data', async () => {
    const journal = join(dir(), 'j.ndjson');
    const rowKeyOf = async () => {
      const seen: string[] = [];
      await runBatch({ rows: iterableRows(people(2)), template, dryRun: true, onRequest: (s) => seen.push(s.rowKey) });
      return seen;
    };
    const [key1, key2] = await rowKeyOf();
    writeFileSync(
      journal,
      `${[
        { type: 'batch', v: 1, id: 'b1', template: 't', time: 'x' },
        { type: 'attempt', row: 1, key: key1, attempt: 1, cid: 'b1.1', time: 'x' },
        { type: 'done', row: 1, key: key1, projectId: 'p9', via: 'response', time: 'x' },
        { type: 'attempt', row: 2, key: key2, attempt: 1, cid: 'b1.2', time: 'x' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n')}\n{"type":"don`,
    );
    const { client, calls } = fakeClient();
    const summary = await runBatch({
      rows: iterableRows(people(2)),
      template,
      client,
      journal,
      resume: true,
      clock: fakeClock(),
    });
    expect(calls).toHaveLength(0);
    expect(summary).toMatchObject({ batchId: 'b1', skipped: 1, unknown: 1 });
    expect(readJournal(journal)?.rows.get(2)?.status).toBe('attempt');

    const changed = [{ name: 'person 1' }, { name: 'someone else' }];
    const error = await runBatch({
      rows: iterableRows(changed),
      template,
      client,
      journal,
      resume: true,
      clock: fakeClock(),
    }).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true); // exit 3: changed input, not a batch with failed rows
    expect((error as Error).message).toMatch(/^Row 2 differs from the row the journal .* recorded/);
  });

  it('warns when a resumed batch uses another template than the journal recorded', async () => {
    const journal = join(dir(), 'j.ndjson');
    const { client } = fakeClient();
    await runBatch({ rows: iterableRows(people(1)), template, client, journal, clock: fakeClock() });
    const fixed = modifyTemplate({ projectId: 'p-base', updates: { title: 'Hello {{name}}' } }, { name: 'fixed.json' });
    const summary = await runBatch({
      rows: iterableRows(people(2)),
      template: fixed,
      client,
      journal,
      resume: true,
      clock: fakeClock(),
    });
    expect(summary.warnings.map((w) => w.message)).toContain(
      `The journal's batch ${summary.batchId} was started with the modify template; rows not done yet are sent with the modify template fixed.json.`,
    );
    expect(summary).toMatchObject({ skipped: 1, done: 1 });
  });

  it('refuses to reuse a journal without --resume', async () => {
    const journal = join(dir(), 'j.ndjson');
    const { client } = fakeClient();
    await runBatch({ rows: iterableRows(people(1)), template, client, journal, clock: fakeClock() });
    const error = await runBatch({
      rows: iterableRows(people(1)),
      template,
      client,
      journal,
      clock: fakeClock(),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/already records batch .*Pass `resume: true`/);
    expect(isUsageError(error)).toBe(true); // exit 2: a choice of options, not a failed batch
  });

  it('stops sending at maxCubes and still lists every later row as failed max_cubes (rows done earlier stay done)', async () => {
    const { client, calls } = fakeClient();
    const out = join(dir(), 'r.ndjson');
    const summary = await runBatch({
      rows: iterableRows(people(6)),
      template,
      client,
      maxCubes: 5,
      results: out,
      projectPool: ['a'],
      clock: fakeClock(),
    });
    expect(calls).toHaveLength(2);
    expect(summary).toMatchObject({
      rows: 6,
      done: 2,
      failed: 4,
      failedByReason: { max_cubes: 4 },
      stoppedAtMaxCubes: true,
      cubes: 4,
    });
    const written = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      written.map((r) => [r['row'], r['status'], r['reason'] ?? null]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [1, 'done', null],
      [2, 'done', null],
      [3, 'failed', 'max_cubes'],
      [4, 'failed', 'max_cubes'],
      [5, 'failed', 'max_cubes'],
      [6, 'failed', 'max_cubes'],
    ]);
  });

  it('dry-runs without a client: validates and estimates every row, and says where maxCubes would stop a run', async () => {
    const requests: unknown[] = [];
    const summary = await runBatch({
      rows: iterableRows([...people(3), {}]),
      template,
      dryRun: true,
      onRequest: (s) => requests.push(s.request),
    });
    expect(summary).toMatchObject({ ok: 3, failed: 1, cubes: 6, submitted: 0 });
    expect(requests[0]).toEqual({
      kind: 'modify',
      body: { projectId: 'p-base', isExport: true, updates: { title: 'Hi person 1', scripts_0: 'Hello person 1' } },
    });
    const capped = await runBatch({ rows: iterableRows([...people(5), {}]), template, dryRun: true, maxCubes: 5 });
    expect(capped).toMatchObject({
      ok: 5,
      failed: 1,
      cubes: 10,
      stoppedAtMaxCubes: true,
      failedByReason: { invalid: 1 },
    });
    expect(capped.warnings.map((w) => w.message)).toContain(
      'A run would stop before row 3: its estimated 2 cubes would bring the batch to 6, over `maxCubes` 5.',
    );
  });

  it('on abort finishes requests in flight, sends nothing new and says it was interrupted', async () => {
    const controller = new AbortController();
    const { client, calls } = fakeClient((body, call) => {
      if (call === 2) controller.abort();
      return { projectId: titleOf(body) };
    });
    const summary = await runBatch({
      rows: iterableRows(people(10)),
      template,
      client,
      concurrency: 2,
      projectPool: ['a', 'b'],
      signal: controller.signal,
      clock: fakeClock(),
    });
    expect(summary.interrupted).toBe(true);
    expect(summary.done).toBe(calls.length);
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  it('settles an unknown row as done when its webhook delivery arrives, and joins videoUrl to done rows', async () => {
    const listeners: ((d: WebhookDeliveryInfo) => void)[] = [];
    const collector: WebhookCollector = {
      url: 'http://127.0.0.1:9/hook',
      secret: 's3cret',
      subscribe: (listener) => {
        listeners.push(listener);
        return () => {};
      },
    };
    const out = join(dir(), 'r.ndjson');
    const journal = join(dir(), 'j.ndjson');
    const { client, calls } = fakeClient((body) => {
      const url = new URL(String(body['webhookUrl']));
      const cid = url.searchParams.get('vs_cid') ?? '';
      setTimeout(() => {
        for (const listener of listeners)
          listener({ correlationId: cid, videoUrl: `https://v/${cid}.mp4`, duration: 3.5 });
      }, 5);
      if (titleOf(body) === 'Hi person 2')
        throw new NetworkError('POST /m', 'closed', { cause: { code: 'ECONNRESET' } });
      return { projectId: titleOf(body) };
    });
    const summary = await runBatch({
      rows: iterableRows(people(2)),
      template,
      client,
      webhooks: collector,
      results: out,
      journal,
      projectPool: ['a', 'b'],
      batchId: 'bb',
    });
    expect(summary).toMatchObject({ done: 2, unknown: 0 });
    expect(String(calls[0]?.['webhookUrl'])).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/hook\?vs_cid=bb\.1&vs_sig=[0-9a-f]{64}$/,
    );
    const results = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(results.map((r) => [r['row'], r['status'], r['videoUrl'], r['duration']]).sort()).toEqual([
      [1, 'done', 'https://v/bb.1.mp4', 3.5],
      [2, 'done', 'https://v/bb.2.mp4', 3.5],
    ]);
    const text = readFileSync(journal, 'utf8');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('vs_sig');
  });

  it('warns once, at the end, about columns no row read, for a template that learns them while binding', async () => {
    const read = new Set<string>();
    const learning: BatchTemplate = {
      kind: 'create',
      description: 'TSX template welcome.tsx',
      bind(data) {
        read.add('name');
        if (data['nickname'] !== '') read.add('nickname');
        return {
          ok: true,
          request: { kind: 'create', body: { name: `Welcome ${String(data['name'])}`, scenes: [] } },
          warnings: [],
        };
      },
      columnsRead: () => read,
    };
    const rows = [
      { name: 'Ana', plan: 'pro', nickname: '' },
      { name: 'Bo', plan: 'team', nickname: 'B' },
    ];
    const summary = await runBatch({ rows: iterableRows(rows), template: learning, dryRun: true });
    expect(summary).toMatchObject({ ok: 2, failed: 0 });
    expect(summary.warnings.map((w) => w.message)).toEqual([
      'The TSX template welcome.tsx does not use column "plan".',
    ]);
  });
});
