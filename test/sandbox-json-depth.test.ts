/**
 * Bodies nested past `MAX_JSON_DEPTH` are refused before anything is stored, and a log holding a
 * line nested that deep (written by an older sandbox) neither stops a start nor its compaction.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_JSON_DEPTH } from '@vsynth/core';
import { afterEach, describe, expect, it } from 'vitest';
import { api, CREATE, tempDir, testSandbox, variantA } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `[[[…[1]…]]]`, `levels` arrays deep, as JSON text (built as text: the value itself cannot be stringified). */
function nestedArrays(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
}

/** A valid create whose extra field `extra` holds `levels` nested arrays. */
function deepCreate(levels: number): string {
  const text = JSON.stringify(variantA(['s']));
  return `${text.slice(0, -1)},"extra":${nestedArrays(levels)}}`;
}

async function postText(url: string, body: string) {
  const response = await fetch(`${url}${CREATE}`, {
    method: 'POST',
    headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('a create nested 10,000 arrays deep', () => {
  it('is refused 400 naming where it went past the limit, stores nothing, and a restart still serves', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    let sandbox = await testSandbox({ dataDir: dir.path });
    const reply = await postText(sandbox.url, deepCreate(10_000));
    expect(reply.status).toBe(400);
    const where = `extra${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`;
    expect(reply.body.error).toMatchObject({
      code: 'invalid_request',
      message: `Invalid request body: ${where} is nested more than 100 levels deep (objects and arrays); flatten it to at most 100 levels`,
    });
    expect(reply.body.error.issues[0].path).toEqual(['extra', ...Array(MAX_JSON_DEPTH - 1).fill(0)]);
    expect((await api(sandbox.url).get('/sandbox/ledger')).body).toEqual({ entries: [], totalCubes: 0 });
    await sandbox.close();

    sandbox = await testSandbox({ dataDir: dir.path });
    const client = api(sandbox.url);
    expect((await client.get('/sandbox/ledger')).body).toEqual({ entries: [], totalCubes: 0 });
    expect((await client.post(CREATE, variantA(['s']))).status).toBe(200);
    await sandbox.close();
  });

  it('accepts nesting at the limit, and serves it back after a restart', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    let sandbox = await testSandbox({ dataDir: dir.path });
    // The body is level 1 and `extra` adds its own: 99 arrays reach the limit of 100.
    const reply = await postText(sandbox.url, deepCreate(MAX_JSON_DEPTH - 1));
    expect(reply.status).toBe(200);
    expect((await postText(sandbox.url, deepCreate(MAX_JSON_DEPTH))).status).toBe(400);
    await sandbox.close();

    sandbox = await testSandbox({ dataDir: dir.path });
    const view = await api(sandbox.url).get(`/sandbox/projects/${reply.body.projectId}`);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body.payload.extra)).toBe(nestedArrays(MAX_JSON_DEPTH - 1));
    expect((await api(sandbox.url).get('/sandbox/ledger')).body.entries).toHaveLength(1);
    await sandbox.close();
  });
});

describe('a log holding a line nested 10,000 deep, due for compaction', () => {
  it('starts, compacts the rest, keeps that line as it is and reports it, and starts again', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const owner = `key:${createHash('sha256').update('sandbox-key').digest('hex').slice(0, 16)}`;
    const time = '2026-01-01T00:00:00.000Z';
    const deepLine = `{"t":"project","v":{"id":"aaaaaaaaaaaaaaaaaaaaaaaa","owner":"${owner}","format":"v3","revision":1,"createdAt":"${time}","updatedAt":"${time}","payload":{"extra":${nestedArrays(10_000)}}}}`;
    const token = (n: number) =>
      JSON.stringify({ t: 'token', v: { digest: 'd'.repeat(64), owner, issuedAt: n, expiresAt: 4_102_444_800_000 } });
    const ledger = JSON.stringify({
      t: 'ledger',
      v: { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', owner, endpoint: `POST ${CREATE}`, time, cubes: 1, body: { a: 1 } },
    });
    // 1,500 lines for one token: past twice the live records plus 1,000, so a start compacts.
    const lines = [deepLine, ledger, ...Array.from({ length: 1_500 }, (_, n) => token(n))];
    writeFileSync(join(dir.path, 'store.ndjson'), `${lines.join('\n')}\n`);

    const warnings: string[] = [];
    let sandbox = await testSandbox({ dataDir: dir.path, log: (line) => warnings.push(line) });
    expect(warnings.join('\n')).toContain(
      'ignored line 1 of ' +
        `${join(dir.path, 'store.ndjson')}: it nests more than 108 levels deep, which the sandbox can neither serve nor compact; it is kept in the log as it is`,
    );
    const client = api(sandbox.url);
    const ledgerReply = await client.get('/sandbox/ledger');
    expect(ledgerReply.status).toBe(200);
    expect(ledgerReply.body.totalCubes).toBe(1);
    expect((await client.get('/sandbox/projects/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await client.post(CREATE, variantA(['s']))).status).toBe(200);
    await sandbox.close();

    const log = readFileSync(join(dir.path, 'store.ndjson'), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(log.length).toBeLessThan(10);
    expect(log).toContain(deepLine);

    warnings.length = 0;
    sandbox = await testSandbox({ dataDir: dir.path, log: (line) => warnings.push(line) });
    expect((await api(sandbox.url).get('/sandbox/ledger')).body.entries).toHaveLength(2);
    expect(warnings.some((line) => line.includes('nests more than 108 levels deep'))).toBe(true);
    await sandbox.close();
  });
});
