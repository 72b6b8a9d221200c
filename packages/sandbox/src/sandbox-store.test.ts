import { mkdir, mkdtemp, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUsageError } from '@vsynth/core';
import type { LedgerEntry, ProjectRecord } from './records.js';
import { SandboxStore, type OpenStoreOptions } from './sandbox-store.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
  dirs.push(dir);
  return dir;
}

/** Opens a store collecting its warnings. */
async function openStore(
  dir: string,
  options: Partial<OpenStoreOptions> = {},
): Promise<{ store: SandboxStore; warnings: string[] }> {
  const warnings: string[] = [];
  const store = await SandboxStore.open({
    dir,
    fsync: false,
    onWarning: (message) => warnings.push(message),
    ...options,
  });
  return { store, warnings };
}

async function logLines(dir: string): Promise<string[]> {
  return (await readFile(join(dir, 'store.ndjson'), 'utf8')).split('\n').filter((line) => line !== '');
}

function project(revision: number, id = 'p1'): ProjectRecord {
  return {
    id,
    owner: 'key:x',
    format: 'v3',
    name: undefined,
    payload: { scenes: [] },
    revision,
    createdAt: '',
    updatedAt: '',
  };
}

function entry(id: string): LedgerEntry {
  return { id, owner: 'key:x', endpoint: 'POST /api/odin/v3/editor/project', time: '', cubes: 1, body: {} };
}

describe('SandboxStore', () => {
  it('writes a line per record before the save resolves, and replays the last line of each record', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir, { fsync: true });
    await store.save({ t: 'project', v: project(1) }, { t: 'ledger', v: entry('l1') });
    expect((await logLines(dir)).map((line) => JSON.parse(line) as unknown)).toEqual([
      { t: 'project', v: project(1) },
      { t: 'ledger', v: entry('l1') },
    ]);
    await Promise.all([
      store.save({ t: 'project', v: project(2) }),
      store.save({ t: 'ledger', v: entry('l2') }),
      store.save({ t: 'project', v: project(3, 'p2') }),
    ]);
    await store.close();

    const { store: reopened, warnings } = await openStore(dir);
    expect(warnings).toEqual([]);
    expect([...reopened.projects.values()].map((p) => [p.id, p.revision])).toEqual([
      ['p1', 2],
      ['p2', 3],
    ]);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l1', 'l2']);
    await reopened.close();
  });

  it('compacts the running log past twice its live records, and goes on appending to the new log', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir);
    await store.save({ t: 'ledger', v: entry('l1') });
    for (let i = 1; i <= 1100; i++) await store.save({ t: 'project', v: project(i) });
    // 1,101 lines saved for 2 live records: compacted between two writes, then appended to.
    const lines = await logLines(dir);
    expect(lines.length).toBeLessThan(200);
    expect(lines.slice(0, 2).map((line) => (JSON.parse(line) as { t: string }).t)).toEqual(['project', 'ledger']);
    await store.save({ t: 'project', v: project(1101) });
    await store.close();
    expect(await logLines(dir)).toHaveLength(lines.length + 1);

    const { store: reopened, warnings } = await openStore(dir);
    expect(warnings).toEqual([]);
    expect(reopened.projects.get('p1')?.revision).toBe(1101);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l1']);
    await reopened.close();
  });

  it('compacts a log of mostly superseded lines when it starts', async () => {
    const dir = await dataDir();
    const lines = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ t: 'project', v: project(i + 1) }));
    await writeFile(join(dir, 'store.ndjson'), `${lines.join('\n')}\n`);
    const { store } = await openStore(dir);
    expect(store.projects.get('p1')?.revision).toBe(1500);
    expect(await logLines(dir)).toEqual([lines[1499]]);
    await store.close();
  });

  it('reopens a log larger than the longest string V8 can hold, and compacts it', async () => {
    const dir = await dataDir();
    const log = join(dir, 'store.ndjson');
    const { store } = await openStore(dir);
    // 56 requests of 10 MiB (the default maxJsonBytes): 560 MiB of log, past V8's 512 MiB strings.
    const text = 'x'.repeat(10 * 1024 * 1024);
    for (let i = 1; i <= 56; i++)
      await store.save({ t: 'project', v: project(i) }, { t: 'ledger', v: { ...entry(`l${i}`), body: { text } } });
    expect((await stat(log)).size).toBeGreaterThan(0x1fffffe8);
    await store.close();

    // Superseded lines enough for the next start to compact the log into its 57 live records.
    const superseded = `${JSON.stringify({ t: 'project', v: project(57) })}\n`.repeat(1100);
    await writeFile(log, superseded, { flag: 'a' });

    const { store: reopened, warnings } = await openStore(dir);
    expect(warnings).toEqual([]);
    expect(reopened.projects.get('p1')?.revision).toBe(57);
    expect(reopened.ledger.map((l) => l.id)).toEqual(Array.from({ length: 56 }, (_, i) => `l${i + 1}`));
    expect((reopened.ledger[55]!.body as { text: string }).text).toHaveLength(10 * 1024 * 1024);
    await reopened.close();
    expect((await stat(log)).size).toBeGreaterThan(0x1fffffe8);
    expect(countNewlines(await readFile(log))).toBe(57);
  }, 120_000);

  it('cuts off a torn last line with a warning, and appends whole lines after it', async () => {
    const dir = await dataDir();
    const log = join(dir, 'store.ndjson');
    await writeFile(log, `${JSON.stringify({ t: 'project', v: project(1) })}\n{"t":"led`);
    const { store, warnings } = await openStore(dir);
    expect(warnings).toEqual([`ignored an incomplete last line of ${log} (9 bytes)`]);
    await store.save({ t: 'ledger', v: entry('l1') });
    await store.close();

    const { store: reopened, warnings: again } = await openStore(dir);
    expect(again).toEqual([]);
    expect(reopened.projects.get('p1')?.revision).toBe(1);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l1']);
    await reopened.close();
  });

  it('skips a line that is no {t, v} record with a warning naming it, and keeps it through a compaction', async () => {
    const dir = await dataDir();
    const log = join(dir, 'store.ndjson');
    const good = (id: string) => JSON.stringify({ t: 'project', v: { ...project(1), id } });
    const bad = [
      '{"t":"project",',
      'null',
      '[1,2]',
      '{"t":"project","v":null}',
      '{"t":"ledger","v":[]}',
      '{"v":{}}',
      '{"t":"project","v":{"name":"no id"}}',
    ];
    await writeFile(log, [good('p1'), ...bad, good('p2'), ''].join('\n'));
    const { store, warnings } = await openStore(dir);
    expect(warnings).toEqual([2, 3, 4, 5, 6, 7, 8].map((n) => `ignored unreadable line ${n} of ${log}`));
    expect([...store.projects.keys()]).toEqual(['p1', 'p2']);
    expect(store.ledger).toEqual([]);
    for (let i = 0; i < 1100; i++) await store.save({ t: 'project', v: project(i, 'p3') });
    await store.close();
    const lines = await logLines(dir);
    expect(lines.length).toBeLessThan(200);
    expect(lines.filter((line) => bad.includes(line))).toEqual(bad);

    const { store: reopened, warnings: again } = await openStore(dir);
    expect(again).toHaveLength(bad.length);
    expect([...reopened.projects.keys()]).toEqual(['p1', 'p2', 'p3']);
    expect(reopened.projects.get('p3')?.revision).toBe(1099);
    await reopened.close();
  });

  it('drops expired tokens when compacting', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir, { now: () => 500 });
    await store.save(
      { t: 'token', v: { digest: 'old', owner: 'app:a', issuedAt: 0, expiresAt: 10 } },
      { t: 'token', v: { digest: 'new', owner: 'app:a', issuedAt: 0, expiresAt: 1000 } },
    );
    for (let i = 0; i < 1100; i++) await store.save({ t: 'project', v: project(i) });
    await store.close();
    const { store: again } = await openStore(dir);
    expect([...again.tokens.keys()]).toEqual(['new']);
    await again.close();
  });

  it('starts with every record when the log cannot be compacted, and says why', async () => {
    const dir = await dataDir();
    const log = join(dir, 'store.ndjson');
    const lines = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ t: 'project', v: project(i + 1) }));
    await writeFile(log, `${lines.join('\n')}\n`);
    // Where the snapshot would be written, something else is in the way.
    await mkdir(`${log}.compact.tmp`);
    await writeFile(join(`${log}.compact.tmp`, 'x'), 'x');
    const { store, warnings } = await openStore(dir);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^could not compact ${log}: .+; it is kept as it is, with every record, and compacted at a later start$`,
        ),
      ),
    ]);
    expect(store.projects.get('p1')?.revision).toBe(1500);
    await store.save({ t: 'ledger', v: entry('l1') });
    await store.close();
    expect(await logLines(dir)).toHaveLength(1501);

    await rm(`${log}.compact.tmp`, { recursive: true });
    const { store: reopened, warnings: again } = await openStore(dir);
    expect(again).toEqual([]);
    expect(await logLines(dir)).toHaveLength(2);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l1']);
    await reopened.close();
  });

  it('names a record that cannot be written when compacting, and keeps the log as it was', async () => {
    const dir = await dataDir();
    const { store, warnings } = await openStore(dir);
    let serialised = 0;
    // A value that serialises once (its line), then fails.
    const payload = {
      toJSON() {
        serialised += 1;
        if (serialised > 1) throw new Error('no longer serialisable');
        return { scenes: [] };
      },
    };
    await store.save({ t: 'project', v: { ...project(1, 'odd'), payload } });
    for (let i = 0; i < 1100; i++) await store.save({ t: 'project', v: project(i) });
    expect(warnings).toEqual([expect.stringContaining('could not compact') as unknown]);
    expect(warnings[0]).toContain('the project odd cannot be written (no longer serialisable)');
    expect(await logLines(dir)).toHaveLength(1101);
    await store.close();
  });

  it('undoes in memory and cuts from the log a batch whose write fails, and the records saved after it', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir);
    await store.save({ t: 'project', v: project(1) }, { t: 'ledger', v: entry('l1') });
    const handle = (store as unknown as { handle: FileHandle }).handle;
    const appendFile = handle.appendFile.bind(handle);
    // The disk fills up halfway through the next write.
    handle.appendFile = async (data) => {
      handle.appendFile = appendFile;
      await appendFile(String(data).slice(0, 25));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };

    const failing = store.save({ t: 'project', v: project(2) }, { t: 'ledger', v: entry('l2') });
    // Saved while the failing batch is in flight, after reading its project: undone as well.
    expect(store.projects.get('p1')?.revision).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    const built = store.save({ t: 'project', v: { ...project(3), id: 'p2' } }, { t: 'ledger', v: entry('l3') });
    await expect(failing).rejects.toThrow('ENOSPC');
    await expect(built).rejects.toThrow('ENOSPC');
    expect(store.projects.get('p1')?.revision).toBe(1);
    expect(store.projects.has('p2')).toBe(false);
    expect(store.ledger.map((e) => e.id)).toEqual(['l1']);

    // The store goes on once the disk has room again.
    await store.save({ t: 'ledger', v: entry('l4') });
    await store.close();
    const { store: reopened, warnings } = await openStore(dir);
    expect(warnings).toEqual([]);
    expect(reopened.projects.get('p1')?.revision).toBe(1);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l1', 'l4']);
    await reopened.close();
  });

  it('undoes a batch whose fsync fails, and the records saved while it ran', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir, { fsync: true });
    await store.save({ t: 'project', v: project(1) });
    const handle = (store as unknown as { handle: FileHandle }).handle;
    const datasync = handle.datasync.bind(handle);
    let entered!: () => void;
    const syncing = new Promise<void>((resolve) => (entered = resolve));
    let fail!: () => void;
    handle.datasync = async () => {
      handle.datasync = datasync;
      entered();
      await new Promise<void>((resolve) => (fail = resolve));
      throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    };
    const failing = store.save({ t: 'project', v: project(2) });
    await syncing;
    const later = store.save({ t: 'project', v: { ...project(3), id: 'p2' } }, { t: 'ledger', v: entry('l2') });
    fail();
    await expect(failing).rejects.toThrow('EIO');
    await expect(later).rejects.toThrow('EIO');
    expect(store.projects.get('p1')?.revision).toBe(1);
    expect(store.projects.has('p2')).toBe(false);
    expect(store.ledger).toEqual([]);

    await store.save({ t: 'ledger', v: entry('l3') });
    await store.close();
    const { store: reopened } = await openStore(dir);
    expect(reopened.projects.get('p1')?.revision).toBe(1);
    expect(reopened.projects.has('p2')).toBe(false);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l3']);
    await reopened.close();
  });

  it('refuses a record that cannot be written, changing nothing', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir);
    await expect(
      store.save({ t: 'project', v: project(1) }, { t: 'ledger', v: { ...entry('l1'), body: { size: 1n } } }),
    ).rejects.toThrow(TypeError);
    expect(store.projects.size).toBe(0);
    expect(store.ledger).toEqual([]);
    await store.close();
  });

  it('refuses a data directory it cannot create with a usage error naming it', async () => {
    const dir = await dataDir();
    const file = join(dir, 'not-a-dir');
    await writeFile(file, 'x');
    const error = await SandboxStore.open({ dir: join(file, 'data') }).catch((caught: unknown) => caught);
    expect(isUsageError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `Cannot use ${join(file, 'data')} as the sandbox data directory: a part of the path is a file. Give a writable directory with --data-dir (dataDir).`,
    );
  });
});

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

describe('SandboxStore and records nested past what a start can read back', () => {
  it('refuses to save a record nested deeper than STORE_MAX_DEPTH, naming it, and keeps nothing of it', async () => {
    const dir = await dataDir();
    const { store } = await openStore(dir);
    let payload: unknown = 1;
    for (let level = 0; level < 200; level++) payload = [payload];
    const deep = { ...project(1, 'deep'), payload };
    await expect(store.save({ t: 'project', v: deep }, { t: 'ledger', v: entry('l1') })).rejects.toThrow(
      'the project deep nests more than 108 levels deep and is not stored',
    );
    expect(store.projects.has('deep')).toBe(false);
    expect(store.ledger).toEqual([]);
    await store.save({ t: 'project', v: project(1) });
    await store.close();
    expect(await logLines(dir)).toHaveLength(1);
  });
});
