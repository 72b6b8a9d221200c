import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '@vsynth/sandbox';
import { api, CREATE, eventually, MODIFY, tempDir, textClip, variantA, webhookReceiver } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
async function dataDir() {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

describe('persistence', () => {
  it('keeps projects, ledger, tokens and artifacts across a restart', async () => {
    const dir = await dataDir();
    const first = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const client = api(first.url);
    const { body } = await client.post(
      CREATE,
      variantA(['before restart'], () => [textClip('t', 'title', 'Old')]),
    );
    await client.post(MODIFY, { projectId: body.projectId, updates: { title: 'New' } });
    const token = (
      await api(first.url, null).post('/sandbox/token', { appId: 'sandbox-app', userKey: 'sandbox-user-key' })
    ).body.token as string;
    const videoUrl = await eventually(
      async () => (await client.get(`/sandbox/projects/${body.projectId}`)).body.exports[0]?.videoUrl ?? undefined,
    );
    const artifactPath = new URL(videoUrl).pathname;
    await first.close();

    const second = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    try {
      const again = api(second.url);
      const stored = (await again.get(`/sandbox/projects/${body.projectId}`)).body;
      expect(stored.revision).toBe(2);
      expect(stored.payload.scenes[0].clips[0].text).toBe('New');
      expect(stored.exports[0].videoUrl).toBe(`${second.url}${artifactPath}`);
      expect((await again.get('/sandbox/ledger')).body.entries.map((e: { endpoint: string }) => e.endpoint)).toEqual([
        `POST ${CREATE}`,
        `POST ${MODIFY}`,
      ]);
      expect((await api(second.url, token).get('/sandbox/ledger')).status).toBe(200);
      const artifact = (await (await fetch(`${second.url}${artifactPath}`)).json()) as { projectId: string };
      expect(artifact.projectId).toBe(body.projectId);
    } finally {
      await second.close();
    }
  });

  it('finishes an export and delivers its webhook after a restart', async () => {
    const dir = await dataDir();
    const receiver = await webhookReceiver();
    cleanups.push(receiver.close);
    let clock = Date.parse('2026-11-21T12:00:00Z');
    const first = await startSandbox({ dataDir: dir, exportSeconds: 60, now: () => clock });
    const { body } = await api(first.url).post(
      CREATE,
      variantA(['resume me'], () => [], { webhookUrl: receiver.url }),
    );
    expect((await api(first.url).get(`/sandbox/projects/${body.projectId}`)).body.exports[0]).toMatchObject({
      status: 'exporting',
      progress: 0,
    });
    await first.close();
    expect(receiver.requests).toHaveLength(0);

    clock += 61_000;
    const second = await startSandbox({ dataDir: dir, exportSeconds: 60, now: () => clock });
    try {
      await receiver.received(1);
      expect(receiver.requests[0]!.url.searchParams.get('ai_progress_update_loc')).toBe(
        `${second.url}/sandbox/projects/${body.projectId}`,
      );
    } finally {
      await second.close();
    }
  });

  it('200 concurrent creates leave a consistent store that replays to the same state', async () => {
    const dir = await dataDir();
    const sandbox = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const client = api(sandbox.url);
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.post(
          CREATE,
          variantA([`video ${i}`], () => [], { isExport: false }),
        ),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const ids = new Set(replies.map((r) => r.body.projectId as string));
    expect(ids.size).toBe(200);
    await sandbox.close();

    const lines = (await readFile(join(dir, 'store.ndjson'), 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((line) => JSON.parse(line) as { t: string; v: { id: string } });
    expect(records.filter((r) => r.t === 'project')).toHaveLength(200);
    expect(records.filter((r) => r.t === 'ledger')).toHaveLength(200);

    const again = await startSandbox({ dataDir: dir });
    try {
      const ledger = (await api(again.url).get('/sandbox/ledger')).body.entries as {
        projectId: string;
        body: { scenes: { scripts: { org: string }[] }[] };
      }[];
      expect(new Set(ledger.map((e) => e.projectId))).toEqual(ids);
      for (const id of [...ids].slice(0, 20)) {
        const stored = (await api(again.url).get(`/sandbox/projects/${id}`)).body;
        const entry = ledger.find((e) => e.projectId === id)!;
        expect(stored.payload.scenes[0].scripts[0].org).toBe(entry.body.scenes[0]!.scripts[0]!.org);
      }
    } finally {
      await again.close();
    }
  });

  it('stores compact and pretty bodies as whole records, a line each, and replays both to what was served', async () => {
    const dir = await dataDir();
    const sandbox = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const send = async (text: string) =>
      (await (
        await fetch(`${sandbox.url}${CREATE}`, {
          method: 'POST',
          headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
          body: text,
        })
      ).json()) as { projectId: string };
    const compactText = JSON.stringify(
      variantA(['compact "quoted" \u2028 ✓'], () => [textClip('t', 'title', 'Tï')], { isExport: true }),
    );
    const prettyText = JSON.stringify(
      variantA(['pretty'], () => [], { isExport: false }),
      null,
      2,
    );
    const compact = await send(compactText);
    const pretty = await send(prettyText);
    const served = {
      compact: (await api(sandbox.url).get(`/sandbox/projects/${compact.projectId}`)).body.payload,
      pretty: (await api(sandbox.url).get(`/sandbox/projects/${pretty.projectId}`)).body.payload,
      ledger: (await api(sandbox.url).get('/sandbox/ledger')).body.entries,
    };
    await sandbox.close();

    const lines = (await readFile(join(dir, 'store.ndjson'), 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map(
      (line) => JSON.parse(line) as { t: string; v: { id: string; payload?: unknown; body?: unknown } },
    );
    expect(records.find((r) => r.t === 'project' && r.v.id === pretty.projectId)?.v.payload).toEqual(
      JSON.parse(prettyText),
    );
    expect(records.filter((r) => r.t === 'ledger').map((r) => r.v.body)).toEqual([
      JSON.parse(compactText),
      JSON.parse(prettyText),
    ]);

    const again = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    try {
      expect((await api(again.url).get(`/sandbox/projects/${compact.projectId}`)).body.payload).toEqual(served.compact);
      expect((await api(again.url).get(`/sandbox/projects/${pretty.projectId}`)).body.payload).toEqual(served.pretty);
      expect((await api(again.url).get('/sandbox/ledger')).body.entries).toEqual(served.ledger);
    } finally {
      await again.close();
    }
  });

  it('50 concurrent modifies of one project each build on the one before: none is lost, before or after a restart', async () => {
    const dir = await dataDir();
    const sandbox = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const client = api(sandbox.url);
    const { projectId } = (
      await client.post(
        CREATE,
        variantA(['start'], () => [textClip('t', 'title', 'Title')], { isExport: false }),
      )
    ).body as { projectId: string };
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.post(MODIFY, { projectId, updates: { [i % 2 === 0 ? 'title' : 'scripts_0']: `change ${i}` } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const before = (await client.get(`/sandbox/projects/${projectId}`)).body as { revision: number; payload: unknown };
    expect(before.revision).toBe(51);
    await sandbox.close();

    const again = await startSandbox({ dataDir: dir });
    try {
      expect((await api(again.url).get(`/sandbox/projects/${projectId}`)).body).toMatchObject({
        revision: 51,
        payload: before.payload,
      });
    } finally {
      await again.close();
    }
  });

  it('starts after a crash that tore the last line, and keeps writing whole lines', async () => {
    const dir = await dataDir();
    const first = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const { body } = await api(first.url).post(
      CREATE,
      variantA(['kept'], () => [], { isExport: false }),
    );
    await first.close();
    await appendFile(join(dir, 'store.ndjson'), '{"t":"project","v":{"id":"torn');

    const warnings: string[] = [];
    const second = await startSandbox({ dataDir: dir, log: (line) => warnings.push(line) });
    await api(second.url).post(
      CREATE,
      variantA(['after'], () => [], { isExport: false }),
    );
    await second.close();
    expect(warnings).toEqual([`ignored an incomplete last line of ${join(dir, 'store.ndjson')} (30 bytes)`]);

    const third = await startSandbox({ dataDir: dir });
    try {
      expect((await api(third.url).get(`/sandbox/projects/${body.projectId}`)).status).toBe(200);
      expect((await api(third.url).get('/sandbox/ledger')).body.entries).toHaveLength(2);
    } finally {
      await third.close();
    }
  });

  it('starts on a log past 512 MiB and sends a ledger longer than the longest string', async () => {
    const dir = await dataDir();
    const first = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    await api(first.url).post(
      CREATE,
      variantA(['kept'], () => [], { isExport: false }),
    );
    await first.close();
    const log = join(dir, 'store.ndjson');
    const created = JSON.parse((await readFile(log, 'utf8')).trim().split('\n').at(-1)!) as {
      v: { owner: string; cubes: number };
    };
    // 56 ledger entries of the same caller whose request bodies are 10 MiB (the default maxJsonBytes).
    const body = JSON.stringify({ text: 'x'.repeat(10 * 1024 * 1024) });
    for (let i = 1; i <= 56; i++) {
      const entry = {
        id: `l${i}`,
        owner: created.v.owner,
        endpoint: `POST ${CREATE}`,
        time: '2026-11-25T00:00:00.000Z',
        cubes: 2,
      };
      await appendFile(log, `{"t":"ledger","v":${JSON.stringify(entry).slice(0, -1)},"body":${body}}}\n`);
    }

    const second = await startSandbox({ dataDir: dir });
    try {
      const response = await fetch(`${second.url}/sandbox/ledger`, { headers: { authorization: 'sandbox-key' } });
      expect(response.status).toBe(200);
      let bytes = 0;
      let head = '';
      let tail = '';
      const decoder = new TextDecoder();
      for await (const chunk of response.body!) {
        bytes += chunk.length;
        if (head.length < 100) head += decoder.decode(chunk.subarray(0, 100));
        tail = (tail + decoder.decode(chunk.subarray(-100))).slice(-100);
      }
      expect(bytes).toBeGreaterThan(0x1fffffe8);
      expect(head).toMatch(/^\{"entries":\[\{"id":"[^"]+","endpoint":"POST \/api\/odin\/v3\/editor\/project"/);
      expect(tail).toMatch(new RegExp(`xxxx"\\}\\}\\],"totalCubes":${created.v.cubes + 112}\\}$`));
    } finally {
      await second.close();
    }
  }, 120_000);

  it('refuses a second sandbox on the same data directory', async () => {
    const dir = await dataDir();
    const first = await startSandbox({ dataDir: dir });
    try {
      await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
        `The sandbox data directory ${dir} is in use by another sandbox (pid ${process.pid}). Stop it, or give this one its own directory with --data-dir (dataDir).`,
      );
    } finally {
      await first.close();
    }
    const reopened = await startSandbox({ dataDir: dir });
    await reopened.close();
  });
});
