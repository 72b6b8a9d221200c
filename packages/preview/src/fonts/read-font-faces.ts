import { closeSync, openSync, readSync } from 'node:fs';

/** One face of a font file, as the preview's text layout needs it. */
export interface FontFace {
  readonly path: string;
  /** Index of the face inside a collection (.ttc); 0 for single fonts. */
  readonly index: number;
  /** Family name as resvg matches it (typographic family when present). */
  readonly family: string;
  /** usWeightClass, 100–900. */
  readonly weight: number;
  readonly italic: boolean;
  /** True when the face has a glyph for the code point. */
  has(codePoint: number): boolean;
  /** Advance width of the code point's glyph in em (1 = font size), 0 when missing. */
  advance(codePoint: number): number;
}

/** Where a table lies in the font file. */
export interface TableRecord {
  readonly offset: number;
  readonly length: number;
}

/** What a face's file says of it, read once: enough to make its `FontFace` without reading the names again. */
export interface FaceRecord {
  readonly index: number;
  readonly family: string;
  readonly weight: number;
  readonly italic: boolean;
  readonly unitsPerEm: number;
  readonly cmap: TableRecord;
  readonly hhea?: TableRecord | undefined;
  readonly hmtx?: TableRecord | undefined;
}

function readAt(fd: number, offset: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, offset);
  return read === length ? buffer : buffer.subarray(0, read);
}

/**
 * Reads family, weight, style, coverage and advance widths of the faces of a TrueType/OpenType file, or an
 * empty list for a file that is not a font or is damaged. Only the needed tables are read, since every
 * catalog load opens every installed font.
 */
export function readFontFaces(path: string): FontFace[] {
  return readFaceRecords(path).map((record) => faceFromRecord(path, record));
}

/** The records of the faces of a font file (see `readFontFaces`), or an empty list. */
export function readFaceRecords(path: string): FaceRecord[] {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return [];
  }
  try {
    const head = readAt(fd, 0, 12);
    if (head.length < 12) return [];
    const tag = head.toString('latin1', 0, 4);
    const offsets: number[] = [];
    if (tag === 'ttcf') {
      const count = head.readUInt32BE(8);
      const list = readAt(fd, 12, 4 * Math.min(count, 64));
      for (let i = 0; i + 4 <= list.length; i += 4) offsets.push(list.readUInt32BE(i));
    } else if (tag === '\0\x01\0\0' || tag === 'OTTO' || tag === 'true') {
      offsets.push(0);
    } else {
      return [];
    }
    const faces: FaceRecord[] = [];
    offsets.forEach((offset, index) => {
      const face = readFace(fd, offset, index);
      if (face) faces.push(face);
    });
    return faces;
  } catch {
    return [];
  } finally {
    closeSync(fd);
  }
}

function readFace(fd: number, offset: number, index: number): FaceRecord | undefined {
  const dirHead = readAt(fd, offset, 12);
  const numTables = dirHead.readUInt16BE(4);
  const dir = readAt(fd, offset + 12, numTables * 16);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i + 16 <= dir.length; i += 16) {
    const record = { offset: dir.readUInt32BE(i + 8), length: dir.readUInt32BE(i + 12) };
    tables.set(dir.toString('latin1', i, i + 4), record);
  }
  const name = tables.get('name');
  const cmap = tables.get('cmap');
  const headTable = tables.get('head');
  if (!name || !cmap || !headTable) return undefined;
  const family = readFamily(readAt(fd, name.offset, name.length));
  if (!family) return undefined;
  const headData = readAt(fd, headTable.offset, 54);
  const unitsPerEm = headData.readUInt16BE(18) || 1000;
  const macStyle = headData.readUInt16BE(44);
  let weight = macStyle & 1 ? 700 : 400;
  let italic = (macStyle & 2) !== 0;
  const os2 = tables.get('OS/2');
  if (os2 && os2.length >= 64) {
    const data = readAt(fd, os2.offset, 64);
    weight = data.readUInt16BE(4) || weight;
    italic = (data.readUInt16BE(62) & 1) !== 0 || italic;
  }
  return { index, family, weight, italic, unitsPerEm, cmap, hhea: tables.get('hhea'), hmtx: tables.get('hmtx') };
}

/** The face a record describes; its cmap and advance widths are read from `path` when first needed. */
export function faceFromRecord(path: string, record: FaceRecord): FontFace {
  const { index, family, weight, italic, unitsPerEm, cmap, hhea, hmtx } = record;
  // cmap and hmtx are read only when a character is first looked up.
  let glyphOf: ((cp: number) => number) | undefined;
  let advances: { widths: Uint16Array; count: number } | undefined;
  const cache = new Map<number, number>();
  const lookup = (cp: number): number => {
    const known = cache.get(cp);
    if (known !== undefined) return known;
    if (!glyphOf) glyphOf = withFile(path, (f) => parseCmap(readAt(f, cmap.offset, cmap.length))) ?? (() => 0);
    const glyph = glyphOf(cp);
    cache.set(cp, glyph);
    return glyph;
  };
  const advanceOf = (glyph: number): number => {
    if (!advances) {
      advances = { widths: new Uint16Array(0), count: 0 };
      if (hhea && hmtx) {
        const parsed = withFile(path, (f) => {
          const count = readAt(f, hhea.offset, 36).readUInt16BE(34);
          const data = readAt(f, hmtx.offset, Math.min(hmtx.length, count * 4));
          const widths = new Uint16Array(Math.floor(data.length / 4));
          for (let i = 0; i < widths.length; i++) widths[i] = data.readUInt16BE(i * 4);
          return { widths, count: widths.length };
        });
        if (parsed) advances = parsed;
      }
    }
    if (advances.count === 0) return unitsPerEm * 0.6;
    return advances.widths[Math.min(glyph, advances.count - 1)] ?? 0;
  };
  return {
    path,
    index,
    family,
    weight,
    italic,
    has: (cp) => lookup(cp) !== 0,
    advance: (cp) => {
      const glyph = lookup(cp);
      return glyph === 0 ? 0 : advanceOf(glyph) / unitsPerEm;
    },
  };
}

function withFile<T>(path: string, read: (fd: number) => T): T | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return read(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function readFamily(data: Buffer): string | undefined {
  const count = data.readUInt16BE(2);
  const stringsAt = data.readUInt16BE(4);
  const found = new Map<number, { score: number; value: string }>();
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12;
    if (at + 12 > data.length) break;
    const platform = data.readUInt16BE(at);
    const language = data.readUInt16BE(at + 4);
    const nameId = data.readUInt16BE(at + 6);
    if (nameId !== 1 && nameId !== 16) continue;
    const length = data.readUInt16BE(at + 8);
    const start = stringsAt + data.readUInt16BE(at + 10);
    const raw = data.subarray(start, start + length);
    let value: string;
    let score: number;
    if (platform === 3 || platform === 0) {
      value = decodeUtf16be(raw);
      score = platform === 3 && language === 0x409 ? 3 : 2;
    } else if (platform === 1) {
      value = raw.toString('latin1');
      score = language === 0 ? 1 : 0;
    } else continue;
    const previous = found.get(nameId);
    if (!previous || previous.score < score) found.set(nameId, { score, value });
  }
  return (found.get(16) ?? found.get(1))?.value.trim() || undefined;
}

function decodeUtf16be(raw: Buffer): string {
  const swapped = Buffer.from(raw);
  swapped.swap16();
  return swapped.toString('utf16le');
}

function parseCmap(data: Buffer): (cp: number) => number {
  const count = data.readUInt16BE(2);
  let best: { rank: number; offset: number } | undefined;
  for (let i = 0; i < count; i++) {
    const platform = data.readUInt16BE(4 + i * 8);
    const encoding = data.readUInt16BE(6 + i * 8);
    const offset = data.readUInt32BE(8 + i * 8);
    const format = data.readUInt16BE(offset);
    let rank = 0;
    if (format === 12 && (platform === 3 || platform === 0)) rank = 3;
    else if (format === 4 && (platform === 3 || platform === 0) && encoding !== 0) rank = 2;
    else if (format === 4) rank = 1;
    if (rank > 0 && (!best || rank > best.rank)) best = { rank, offset };
  }
  if (!best) return () => 0;
  const at = best.offset;
  if (data.readUInt16BE(at) === 12) {
    const groups = data.readUInt32BE(at + 12);
    const table = new Uint32Array(groups * 3);
    for (let i = 0; i < groups; i++) {
      table[i * 3] = data.readUInt32BE(at + 16 + i * 12);
      table[i * 3 + 1] = data.readUInt32BE(at + 20 + i * 12);
      table[i * 3 + 2] = data.readUInt32BE(at + 24 + i * 12);
    }
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const start = table[mid * 3] ?? 0;
        const end = table[mid * 3 + 1] ?? 0;
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return (table[mid * 3 + 2] ?? 0) + cp - start;
      }
      return 0;
    };
  }
  const segments = data.readUInt16BE(at + 6) / 2;
  const endsAt = at + 14;
  const startsAt = endsAt + segments * 2 + 2;
  const deltasAt = startsAt + segments * 2;
  const rangesAt = deltasAt + segments * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      const end = data.readUInt16BE(endsAt + i * 2);
      if (cp > end) continue;
      const start = data.readUInt16BE(startsAt + i * 2);
      if (cp < start) return 0;
      const delta = data.readInt16BE(deltasAt + i * 2);
      const rangeOffset = data.readUInt16BE(rangesAt + i * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyphAt = rangesAt + i * 2 + rangeOffset + (cp - start) * 2;
      const glyph = glyphAt + 2 <= data.length ? data.readUInt16BE(glyphAt) : 0;
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
