import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUsageError } from '@vsynth/core';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextFile } from './read-text-file.js';

describe('readTextFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vsynth-read-text-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('returns the text of a readable file', async () => {
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    expect(await readTextFile(join(dir, 'a.json'))).toBe('{"a":1}');
  });

  it('names what the file is, the path, why it cannot be read and the advice', async () => {
    const missing = join(dir, 'nope.json');
    const error = await readTextFile(missing, {
      what: '--props',
      advice: 'Give a JSON file holding an object of props',
    }).catch((e: unknown) => e);
    expect(isUsageError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `Cannot read --props ${missing}: no such file. Give a JSON file holding an object of props.`,
    );
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('says when the path is a directory', async () => {
    await expect(readTextFile(dir, { what: 'payload' })).rejects.toThrow(
      `Cannot read payload ${dir}: it is a directory. Check the path and try again.`,
    );
  });
});
