import { writeSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUsageError } from '@vsynth/core';
import type { ExportRecord, LedgerEntry, ProjectRecord } from './records.js';
import { SandboxStore } from './sandbox-store.js';

setFlagsFromString('--expose-gc');

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function project(revision: number): ProjectRecord {
  return { id: 'p1', owner: 'key:x', format: 'v3', name: undefined, payload: { scenes: [] }, revision, createdAt: '', updatedAt: '' };
}

describe('SandboxStore', () => {
  it('replays the last record of each id, and compacts a log of mostly superseded lines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const store = await SandboxStore.open({ dir, fsync: false });
    await Promise.all(Array.from({ length: 1500 }, (_, i) => store.save({ t: 'project', v: project(i + 1) })));
    await store.close();
    expect((await readFile(join(dir, 'store.ndjson'), 'utf8')).split('\n')).toHaveLength(1501);

    const reopened = await SandboxStore.open({ dir, fsync: false });
    expect(reopened.projects.get('p1')?.revision).toBe(1500);
    await reopened.save({ t: 'project', v: project(1501) });
    await reopened.close();
    const lines = (await readFile(join(dir, 'store.ndjson'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { v: ProjectRecord }).v.revision)).toEqual([1500, 1501]);
  });

  it('reopens a log larger than the longest string V8 can hold, and compacts it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const store = await SandboxStore.open({ dir, fsync: false });
    // 56 requests of 10 MiB (the default maxJsonBytes): 560 MiB of log, past V8's 512 MiB strings.
    // A body per entry: the same body object would be written once, the others referring to it.
    const text = 'x'.repeat(10 * 1024 * 1024);
    for (let i = 1; i <= 56; i++) await store.save({ t: 'project', v: project(i) }, { t: 'ledger', v: { ...entry(`l${i}`), body: { text } } });
    // Superseded lines enough for the next open to compact the log into a snapshot of its 57 live records.
    for (let i = 57; i <= 1300; i++) await store.save({ t: 'project', v: project(i) });
    await store.close();
    const log = join(dir, 'store.ndjson');
    expect((await stat(log)).size).toBeGreaterThan(0x1fffffe8);

    const reopen = async () => {
      const warnings: string[] = [];
      const reopened = await SandboxStore.open({ dir, fsync: false, onWarning: (message) => warnings.push(message) });
      expect(warnings).toEqual([]);
      expect(reopened.projects.get('p1')?.revision).toBe(1300);
      expect(reopened.ledger.map((l) => l.id)).toEqual(Array.from({ length: 56 }, (_, i) => `l${i + 1}`));
      expect((reopened.ledger[55]!.body as { text: string }).text).toHaveLength(10 * 1024 * 1024);
      await reopened.close();
    };
    await reopen(); // replays the 1,356 lines and compacts them
    expect(countNewlines(await readFile(log))).toBe(57);
    await reopen(); // replays the snapshot
  }, 60_000);

  it('leaves payloads and request bodies in the log, not in memory, and reads them back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      return getHeapStatistics().used_heap_size;
    };
    const store = await SandboxStore.open({ dir, fsync: false });
    const before = heap();
    // 100 creates of a 2 MiB payload, each also its ledger entry's body (as a create's is): 200 MiB that memory held before.
    for (let i = 1; i <= 100; i++) {
      const payload = { scenes: [], text: `${i}`.padEnd(2 * 1024 * 1024, 'x') };
      await store.save({ t: 'project', v: { ...project(1), id: `p${i}`, payload } }, { t: 'ledger', v: { ...entry(`l${i}`), projectId: `p${i}`, body: payload } });
    }
    expect(heap() - before).toBeLessThan(40 * 1024 * 1024);
    const read = (id: string) => (store.projects.get(id)!.payload as { text: string }).text;
    expect(read('p1').slice(0, 3)).toBe('1xx');
    expect(read('p100')).toHaveLength(2 * 1024 * 1024);
    expect((store.ledger[41]!.body as { text: string }).text.slice(0, 4)).toBe('42xx');
    expect(JSON.parse(JSON.stringify(store.projects.get('p7')))).toMatchObject({ id: 'p7', revision: 1, payload: { scenes: [], text: expect.stringMatching(/^7x+$/) } });
    await store.close();

    const reopened = await SandboxStore.open({ dir, fsync: false });
    expect(heap() - before).toBeLessThan(40 * 1024 * 1024);
    expect((reopened.projects.get('p99')!.payload as { text: string }).text.slice(0, 4)).toBe('99xx');
    await reopened.close();
  }, 60_000);

  it('writes a value that several records hold once, the others referring to its line, and replays each to it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const log = join(dir, 'store.ndjson');
    const store = await SandboxStore.open({ dir, fsync: false });
    // A create: the body is the project's payload, and the export's.
    const payload = { scenes: [], text: 'only once ✓' };
    await store.save({ t: 'project', v: { ...project(1), payload } }, { t: 'ledger', v: { ...entry('l1'), body: payload } }, { t: 'export', v: exportOf(payload) });
    // A later state of the export, built from the one in memory (its payload read back from the log).
    await store.save({ t: 'export', v: { ...store.exports.get('e1')!, status: 'done' } });
    // Equal but not the same value: written again.
    await store.save({ t: 'ledger', v: { ...entry('l2'), body: { scenes: [], text: 'only once ✓' } } });
    await store.close();

    const bytes = await readFile(log);
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    expect(lines.filter((line) => line.includes('only once ✓')).map((line) => (JSON.parse(line) as { t: string }).t)).toEqual(['project', 'ledger']);
    const projectLine = { offset: 0, bytes: Buffer.byteLength(lines[0]!) };
    expect(lines.slice(1, 4).map((line) => JSON.parse(line) as { from?: unknown })).toMatchObject([
      { t: 'ledger', v: { id: 'l1', body: null }, from: [projectLine.offset, projectLine.bytes, 'payload'] },
      { t: 'export', v: { id: 'e1', payload: null, status: 'exporting' }, from: [projectLine.offset, projectLine.bytes, 'payload'] },
      { t: 'export', v: { id: 'e1', payload: null, status: 'done' }, from: [projectLine.offset, projectLine.bytes, 'payload'] },
    ]);
    // Keys keep their order: the field stays where it was, `from` follows `v`.
    expect(lines[1]).toBe(`{"t":"ledger","v":{"id":"l1","owner":"key:x","endpoint":"POST /api/odin/v3/editor/project","time":"","cubes":1,"body":null},"from":[0,${projectLine.bytes},"payload"]}`);

    const warnings: string[] = [];
    const reopened = await SandboxStore.open({ dir, fsync: false, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    expect(reopened.ledger.map((e) => e.body)).toEqual([payload, payload]);
    expect(reopened.exports.get('e1')).toMatchObject({ status: 'done', payload });
    expect(Object.keys(reopened.ledger[0]!)).toEqual(Object.keys(entry('l1')));
    await reopened.close();
  });

  it('ignores a line whose value refers to no line before it, saying which, and keeps the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const log = join(dir, 'store.ndjson');
    const first = JSON.stringify({ t: 'project', v: project(1) });
    const ledger = (from: unknown, id: string) => `${JSON.stringify({ t: 'ledger', v: { ...entry(id), body: null }, from })}\n`;
    await writeFile(log, `${first}\n${ledger([0, 10_000, 'payload'], 'forward')}${ledger('p1', 'unreadable')}${ledger([0, Buffer.byteLength(first), 'payload'], 'ok')}`);
    const warnings: string[] = [];
    const store = await SandboxStore.open({ dir, fsync: false, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([
      `ignored line 2 of ${log}: its body refers to [0,10000,"payload"], not to an earlier line that holds it`,
      `ignored line 3 of ${log}: its body refers to "p1", not to an earlier line that holds it`,
    ]);
    expect(store.ledger.map((e) => [e.id, e.body])).toEqual([['ok', { scenes: [] }]]);
    await store.close();
  });

  it('ignores a line that is not JSON or not a {t, v} record, with a warning naming it, and replays the others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const log = join(dir, 'store.ndjson');
    const good = (id: string) => JSON.stringify({ t: 'project', v: { ...project(1), id } });
    await writeFile(log, [good('p1'), '{"t":"project",', 'null', '[1,2]', '{"t":"project","v":null}', '{"t":"ledger","v":[]}', '{"v":{}}', good('p2'), ''].join('\n'));
    const warnings: string[] = [];
    const store = await SandboxStore.open({ dir, fsync: false, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([2, 3, 4, 5, 6, 7].map((n) => `ignored unreadable line ${n} of ${log}`));
    expect([...store.projects.keys()]).toEqual(['p1', 'p2']);
    expect(store.ledger).toEqual([]);
    await store.close();
  });

  it('ignores a line whose value refers to part of a line, to a line that refers in turn or to another field, and still compacts the log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const log = join(dir, 'store.ndjson');
    const payload = { scenes: [], text: 'held' };
    const first = `${JSON.stringify({ t: 'project', v: { ...project(1), payload } })}\n`;
    const ledger = (from: unknown, id: string) => `${JSON.stringify({ t: 'ledger', v: { ...entry(id), body: null }, from })}\n`;
    const ok = ledger([0, first.length - 1, 'payload'], 'ok');
    const lines = [first, ok, ledger([5, 10, 'payload'], 'part'), ledger([first.length, ok.length - 1, 'body'], 'chain'), ledger([0, first.length - 1, 'name'], 'name')];
    // A torn last line: the next open compacts the log, reading every value it keeps.
    await writeFile(log, `${lines.join('')}{"t":"led`);
    const warnings: string[] = [];
    const store = await SandboxStore.open({ dir, fsync: false, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([
      `ignored line 3 of ${log}: its body refers to [5,10,"payload"], not to an earlier line that holds it`,
      `ignored line 4 of ${log}: its body refers to [${first.length},${ok.length - 1},"body"], not to an earlier line that holds it`,
      `ignored line 5 of ${log}: its body refers to [0,${first.length - 1},"name"], not to an earlier line that holds it`,
      `ignored an incomplete last line of ${log} (9 bytes)`,
    ]);
    expect(store.ledger.map((e) => [e.id, e.body])).toEqual([['ok', payload]]);
    await store.close();
    expect((await readFile(log, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      { t: 'project', v: { ...project(1), payload } },
      { t: 'ledger', v: { ...entry('ok'), body: payload } },
    ]);
  });

  it('compacts referring lines into lines that hold their values', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const store = await SandboxStore.open({ dir, fsync: false });
    const payload = { scenes: [], text: 'shared' };
    await store.save({ t: 'project', v: { ...project(1), id: 'p0', payload } }, { t: 'ledger', v: { ...entry('l1'), body: payload } });
    // Superseded lines enough for the next open to compact the log.
    for (let i = 0; i < 1100; i++) await store.save({ t: 'project', v: project(i) });
    await store.close();
    const reopened = await SandboxStore.open({ dir, fsync: false });
    await reopened.close();
    const lines = (await readFile(join(dir, 'store.ndjson'), 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as { t: string; v: { id: string; body?: unknown; payload?: unknown }; from?: unknown });
    expect(lines.filter((line) => line.from !== undefined)).toEqual([]);
    expect(lines.find((line) => line.t === 'ledger')?.v.body).toEqual(payload);
    expect(lines.find((line) => line.v.id === 'p0')?.v.payload).toEqual(payload);
  });

  it('drops expired tokens when compacting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const store = await SandboxStore.open({ dir, fsync: false });
    await store.save({ t: 'token', v: { digest: 'old', owner: 'app:a', issuedAt: 0, expiresAt: 10 } }, { t: 'token', v: { digest: 'new', owner: 'app:a', issuedAt: 0, expiresAt: 1000 } });
    for (let i = 0; i < 1100; i++) await store.save({ t: 'project', v: project(i) });
    await store.close();
    const reopened = await SandboxStore.open({ dir, fsync: false, now: () => 500 });
    await reopened.close();
    const again = await SandboxStore.open({ dir, fsync: false });
    expect([...again.tokens.keys()]).toEqual(['new']);
    await again.close();
  });

  it('undoes in memory and cuts from the log a batch whose append fails, and the records saved after it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const store = await SandboxStore.open({ dir, fsync: false });
    await store.save({ t: 'project', v: project(1) }, { t: 'ledger', v: entry('l1') });
    const internals = store as unknown as { handle: FileHandle; append: (chunks: Buffer[]) => number };
    const append = internals.append.bind(store);
    // The disk fills up halfway through the next append.
    internals.append = (chunks: Buffer[]) => {
      internals.append = append;
      writeSync(internals.handle.fd, Buffer.concat(chunks).subarray(0, 25));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };

    const failing = store.save({ t: 'project', v: project(2) }, { t: 'ledger', v: entry('l2') });
    // Saved while the failing batch is in flight, after reading its project: undone as well.
    expect(store.projects.get('p1')?.revision).toBe(2);
    const built = store.save({ t: 'project', v: { ...project(3), id: 'p2' } }, { t: 'ledger', v: entry('l3') });
    await expect(failing).rejects.toThrow('ENOSPC');
    await expect(built).rejects.toThrow('ENOSPC');
    expect(store.projects.get('p1')?.revision).toBe(1);
    expect(store.projects.has('p2')).toBe(false);
    expect(store.ledger.map((e) => e.id)).toEqual(['l1']);

    // The store goes on once the disk has room again.
    await store.save({ t: 'ledger', v: entry('l4') });
    await store.close();
    const warnings: string[] = [];
    const reopened = await SandboxStore.open({ dir, fsync: false, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    expect(reopened.projects.get('p1')?.revision).toBe(1);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l1', 'l4']);
    await reopened.close();
  });

  it('undoes a batch whose fsync fails, and the records saved while it ran', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
    const store = await SandboxStore.open({ dir, fsync: true });
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
    const reopened = await SandboxStore.open({ dir, fsync: false });
    expect(reopened.projects.get('p1')?.revision).toBe(1);
    expect(reopened.projects.has('p2')).toBe(false);
    expect(reopened.ledger.map((e) => e.id)).toEqual(['l3']);
    await reopened.close();
  });

  it('refuses a data directory it cannot create with a usage error naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-store-'));
    dirs.push(dir);
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

function exportOf(payload: unknown): ExportRecord {
  return { id: 'e1', projectId: 'p1', owner: 'key:x', format: 'v3', revision: 1, payload, status: 'exporting', startedAt: 0, finishAt: 0, artifactId: undefined, duration: undefined, error: undefined, webhook: undefined };
}

function entry(id: string): LedgerEntry {
  return { id, owner: 'key:x', endpoint: 'POST /api/odin/v3/editor/project', time: '', cubes: 1, body: {} };
}
