import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUsageError } from '@vsynth/core';
import { describe, expect, it } from 'vitest';
import { openJournal } from './open-journal.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-journal-lock-');
const file = () => join(tempDir(), 'j.ndjson');
const batch = { id: 'b', template: 't' };

describe('journal lock', () => {
  it('holds <journal>.lock with this pid while open, refuses a second open naming the pid, and frees it on close', () => {
    const path = file();
    const journal = openJournal(path, { batch });
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    let refused: unknown;
    try {
      openJournal(path, { resume: true, batch });
    } catch (error) {
      refused = error;
    }
    expect(isUsageError(refused)).toBe(true);
    expect((refused as Error).message).toBe(
      `The journal ${path} is in use by another vsynth batch (pid ${process.pid}); nothing was sent. Wait for that batch to finish (or stop it), then run again; two runs of one journal would send its rows twice.`,
    );
    journal.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    openJournal(path, { resume: true, batch }).close();
  });

  it('takes over a lock whose holder is no longer running, and leaves no takeover file behind', () => {
    const path = file();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${path}.lock`, `${gone.stdout}\n`);
    const journal = openJournal(path, { batch });
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    expect(existsSync(`${path}.lock.takeover`)).toBe(false);
    journal.close();
  });

  it('says why when the lock cannot be created', () => {
    expect(() => openJournal(join(tmpdir(), 'no-such-dir-vsynth', 'j.ndjson'), { batch })).toThrow(
      /Cannot create the journal lock .*j\.ndjson\.lock: its directory does not exist\. Create the directory or choose another `journal` file; nothing was sent\./,
    );
  });
});
