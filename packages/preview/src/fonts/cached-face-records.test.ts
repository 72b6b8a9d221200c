import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedFaceRecords } from './cached-face-records.js';

const dir = mkdtempSync(join(tmpdir(), 'vsynth-face-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const font = join(dir, 'DejaVuSans.ttf');
copyFileSync(fileURLToPath(new URL('../../fonts/DejaVuSans.ttf', import.meta.url)), font);
const cacheFile = join(dir, 'cache', 'font-faces.json');

const families = (): string[] => cachedFaceRecords([font], cacheFile).flatMap((faces) => faces.map((f) => f.family));
const cachedFamily = (): string => JSON.parse(readFileSync(cacheFile, 'utf8')).files[font].faces[0].family;

describe('cachedFaceRecords', () => {
  it('reads a font once, then from the cache until the file changes', () => {
    expect(families()).toEqual(['DejaVu Sans']);
    expect(cachedFamily()).toBe('DejaVu Sans');

    // An unchanged file is not read again: what the cache says is what comes back.
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
    cache.files[font].faces[0].family = 'From The Cache';
    writeFileSync(cacheFile, JSON.stringify(cache));
    expect(families()).toEqual(['From The Cache']);

    // A new mtime: read again, and the cache rewritten.
    utimesSync(font, new Date(), new Date(Date.now() + 5000));
    expect(families()).toEqual(['DejaVu Sans']);
    expect(cachedFamily()).toBe('DejaVu Sans');
  });

  it('reads the fonts when the cache is not one it wrote, and leaves no temporary file', () => {
    writeFileSync(cacheFile, '{"version": 1, "files": ');
    expect(families()).toEqual(['DejaVu Sans']);
    expect(cachedFamily()).toBe('DejaVu Sans');
    expect(readdirSync(join(dir, 'cache'))).toEqual(['font-faces.json']);
  });
});
