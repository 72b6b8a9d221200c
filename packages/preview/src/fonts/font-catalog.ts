import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedFaceRecords } from './cached-face-records.js';
import { faceFromRecord, readFaceRecords, type FaceRecord, type FontFace } from './read-font-faces.js';

export interface FontCatalogOptions {
  /** Extra directories searched (recursively) before the system ones. */
  readonly fontDirs?: readonly string[];
  /** Search the system font directories (default true). */
  readonly systemFonts?: boolean;
}

export interface FaceRequest {
  /** Installed family to prefer (already resolved). */
  readonly family?: string | undefined;
  readonly weight: number;
  readonly italic: boolean;
  /** Primary language subtag (`ja`, `ko`, `zh`, …) deciding which CJK face draws Han. */
  readonly lang?: string | undefined;
}

/**
 * Installed fonts, indexed by family, with per-character fallback: the system fonts plus the bundled DejaVu
 * fonts, so Latin, Greek, Cyrillic and Arabic render on a machine without any system font.
 */
export interface FontCatalog {
  readonly faces: readonly FontFace[];
  /** Installed family names, sorted. */
  families(): string[];
  /**
   * The installed family for a requested name: exact (case-insensitive) match, else the first
   * family that starts with it (`Noto Sans CJK` → `Noto Sans CJK JP`), else undefined.
   */
  resolveFamily(requested: string, lang?: string): string | undefined;
  /**
   * The face that draws `codePoint` best for the request, or undefined when none has it. A request object is
   * read once and its answers kept with it: pass a new object rather than changing one.
   */
  faceFor(codePoint: number, request: FaceRequest): FontFace | undefined;
  /** The family used when a requested one is not installed. */
  readonly defaultFamily: string | undefined;
}

const FONT_FILE = /\.(ttf|otf|ttc|otc)$/i;

/**
 * The DejaVu Sans faces shipped in the package's `fonts/` folder (regular, bold and their obliques: the
 * faces the renderer's fallback draws with), so text renders on a machine without any system font.
 */
function bundledFontDir(): string | undefined {
  const dir = fileURLToPath(new URL('../../fonts/', import.meta.url));
  return existsSync(dir) ? dir : undefined;
}

/** The directories fontdb (resvg) and fontconfig search on Linux and macOS. */
function systemFontDirs(): string[] {
  const home = homedir();
  return [
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    join(home, '.fonts'),
    join(home, '.local/share/fonts'),
    '/Library/Fonts',
    '/System/Library/Fonts',
    join(home, 'Library/Fonts'),
  ].filter((dir) => existsSync(dir));
}

function listFontFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => FONT_FILE.test(name))
      .sort()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

const cache = new Map<string, FontCatalog>();

/**
 * Loads (once per process and option set) the catalog of installed fonts.
 *
 * @example loadFontCatalog().resolveFamily('Noto Sans CJK', 'ko') // 'Noto Sans CJK KR' when installed
 */
export function loadFontCatalog(options: FontCatalogOptions = {}): FontCatalog {
  const given = options.fontDirs ?? [];
  const system = options.systemFonts === false ? [] : systemFontDirs();
  const bundled = bundledFontDir();
  const key = [...given, ...system, ...(bundled ? [bundled] : [])].join('\n');
  const known = cache.get(key);
  if (known) return known;
  // Searched in this order, each file once; only the system's files, the same from run to run, are cached.
  const seen = new Set<string>();
  const unseen = (dirs: readonly string[]): string[] => {
    const files: string[] = [];
    for (const file of dirs.flatMap(listFontFiles)) {
      if (seen.has(file)) continue;
      seen.add(file);
      files.push(file);
    }
    return files;
  };
  const faces: FontFace[] = [];
  const add = (files: readonly string[], records: readonly FaceRecord[][]): void => {
    files.forEach((file, i) => {
      for (const record of records[i] ?? []) faces.push(faceFromRecord(file, record));
    });
  };
  for (const dir of given) {
    const files = unseen([dir]);
    add(files, files.map(readFaceRecords));
  }
  const systemFiles = unseen(system);
  add(systemFiles, cachedFaceRecords(systemFiles));
  const bundledFiles = unseen(bundled ? [bundled] : []);
  add(bundledFiles, bundledFiles.map(readFaceRecords));
  const catalog = createCatalog(faces);
  cache.set(key, catalog);
  return catalog;
}

function scriptFamilies(cp: number, lang: string | undefined): readonly string[] {
  const cjk = (first: string): string[] => {
    const order = ['SC', 'JP', 'KR', 'TC', 'HK'];
    const preferred = [first, ...order.filter((region) => region !== first)];
    return [...preferred.map((region) => `Noto Sans CJK ${region}`), 'Noto Sans SC', 'Noto Sans JP', 'Noto Sans KR'];
  };
  const within = (...ranges: [number, number][]): boolean => ranges.some(([start, end]) => cp >= start && cp <= end);
  if (within([0xac00, 0xd7af], [0x1100, 0x11ff], [0x3130, 0x318f])) return cjk('KR');
  if (within([0x3040, 0x30ff])) return cjk('JP');
  if (within([0x2e80, 0x9fff], [0xf900, 0xfaff], [0xff00, 0xffef], [0x20000, 0x2ffff])) {
    return cjk(lang === 'ja' ? 'JP' : lang === 'ko' ? 'KR' : 'SC');
  }
  if (within([0x0600, 0x08ff], [0xfb50, 0xfeff])) return ['Noto Sans Arabic', 'Noto Naskh Arabic', 'DejaVu Sans'];
  if (cp >= 0x0900 && cp <= 0x097f) return ['Noto Sans Devanagari', 'Noto Serif Devanagari'];
  if (cp >= 0x0b80 && cp <= 0x0bff) return ['Noto Sans Tamil', 'Noto Serif Tamil'];
  return ['Noto Sans', 'DejaVu Sans', 'Liberation Sans', 'Arial', 'Helvetica'];
}

function createCatalog(faces: readonly FontFace[]): FontCatalog {
  const byFamily = new Map<string, FontFace[]>();
  for (const face of faces) {
    const list = byFamily.get(face.family.toLowerCase()) ?? [];
    list.push(face);
    byFamily.set(face.family.toLowerCase(), list);
  }
  const familyNames = [...new Set(faces.map((face) => face.family))].sort();
  const pick = (
    list: readonly FontFace[] | undefined,
    cp: number,
    weight: number,
    italic: boolean,
  ): FontFace | undefined => {
    let best: FontFace | undefined;
    let bestScore = Infinity;
    for (const face of list ?? []) {
      const score = Math.abs(face.weight - weight) + (face.italic === italic ? 0 : 1000);
      if (score < bestScore && face.has(cp)) {
        best = face;
        bestScore = score;
      }
    }
    return best;
  };
  // Last resort: any upright sans face, then anything at all.
  const rank = (face: FontFace): number =>
    (face.italic ? 4 : 0) + (/serif|mono|math|emoji|symbol/i.test(face.family) ? 2 : 0) + (face.weight === 400 ? 0 : 1);
  const anyOrder = [...faces].sort((a, b) => rank(a) - rank(b));
  // The faces found for each request, by code point: a layout asks once per character with one request object.
  const memo = new Map<string, Map<number, FontFace | undefined>>();
  const memoOf = new WeakMap<FaceRequest, Map<number, FontFace | undefined>>();
  const facesOf = (request: FaceRequest): Map<number, FontFace | undefined> => {
    let faces = memoOf.get(request);
    if (faces !== undefined) return faces;
    const key = `${request.family ?? ''}|${request.weight}|${request.italic}|${request.lang ?? ''}`;
    faces = memo.get(key);
    if (faces === undefined) memo.set(key, (faces = new Map()));
    memoOf.set(request, faces);
    return faces;
  };
  const resolved = new Map<string, string | undefined>();
  const resolveFamily = (requested: string, lang: string | undefined): string | undefined => {
    const wanted = requested
      .trim()
      .replace(/^["']|["']$/g, '')
      .toLowerCase();
    if (!wanted) return undefined;
    const exact = byFamily.get(wanted);
    if (exact?.[0]) return exact[0].family;
    const prefixed = familyNames.filter((name) => name.toLowerCase().startsWith(`${wanted} `));
    if (prefixed.length === 0) return undefined;
    const region = lang === 'ja' ? ' JP' : lang === 'ko' ? ' KR' : lang === 'zh' ? ' SC' : '';
    return (
      prefixed.find((name) => region && name.endsWith(region)) ??
      prefixed.find((name) => name.endsWith(' JP')) ??
      prefixed[0]
    );
  };
  const catalog: FontCatalog = {
    faces,
    families: () => [...familyNames],
    defaultFamily: ['Noto Sans', 'DejaVu Sans'].find((name) => byFamily.has(name.toLowerCase())) ?? familyNames[0],
    resolveFamily(requested, lang) {
      const key = `${requested}|${lang ?? ''}`;
      if (!resolved.has(key)) resolved.set(key, resolveFamily(requested, lang));
      return resolved.get(key);
    },
    faceFor(cp, request) {
      const faces = facesOf(request);
      if (faces.has(cp)) return faces.get(cp);
      const { weight, italic } = request;
      let face = request.family ? pick(byFamily.get(request.family.toLowerCase()), cp, weight, italic) : undefined;
      for (const family of scriptFamilies(cp, request.lang)) {
        if (face) break;
        face = pick(byFamily.get(family.toLowerCase()), cp, weight, italic);
      }
      face ??= anyOrder.find((candidate) => candidate.has(cp));
      faces.set(cp, face);
      return face;
    },
  };
  return catalog;
}
