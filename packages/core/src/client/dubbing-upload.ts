import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { DUBBING_LIMITS } from '../schemas/dubbing.js';
import { LANGUAGE_CODES, type LanguageCode } from '../schemas/language.js';
import type { MultipartPart, PartSource } from './multipart-body.js';

/** A file to upload: a path (streamed from disk), a Blob/File, or a stream of bytes. */
export type UploadSource = string | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** The dubbing upload (endpoint 4) as the client takes it. */
export interface DubbingUploadRequest {
  /** The video. A path is streamed from disk; a 2 GB file is never held in memory. */
  readonly file: UploadSource;
  /** File name sent in the form; default the path's base name, the File's name, or `video.mp4`. */
  readonly fileName?: string;
  /** Target languages, 1 to 10 codes from the spec's table; `targets[i]` is sent as `target_i`. */
  readonly targets: readonly (LanguageCode | string)[];
  /** Original language code, or `auto` (default). */
  readonly original?: LanguageCode | 'auto' | string;
  readonly originalSrt?: UploadSource;
  /** Subtitle file per target; sent as `targetSrt_i` beside `target_i`. */
  readonly targetSrts?: Readonly<Partial<Record<LanguageCode | string, UploadSource>>>;
  readonly isDubbingOnly?: boolean;
  readonly isRemoveBGM?: boolean;
  readonly isCaptionFile?: boolean;
  /** `auto` (default) or 1 to 5. */
  readonly numberOfSpeakers?: 'auto' | number | string;
}

/** The form ready to send, after every limit was checked. */
export interface PreparedDubbingUpload {
  readonly parts: readonly MultipartPart[];
  /** False when a part is a one-shot stream (the body cannot be sent twice). */
  readonly replayable: boolean;
}

const CODES: readonly string[] = LANGUAGE_CODES;

/**
 * Checks a dubbing upload against every limit of the spec (1–10 targets from the language
 * table, no repeats, `original` a code or `auto`, speakers `auto` or 1–5, a target subtitle
 * only beside its target, files present) and builds the multipart fields. Nothing is read or
 * sent; a `ValidationError` lists every problem.
 *
 * @example
 * const { parts } = await prepareDubbingUpload({ file: 'talk.mp4', targets: ['es-ES', 'fr-FR'], numberOfSpeakers: 2 })
 */
export async function prepareDubbingUpload(request: DubbingUploadRequest): Promise<PreparedDubbingUpload> {
  const issues: Issue[] = [];
  const add = (path: PathSegment[], message: string, code: Issue['code'] = 'invalid_value'): void => {
    issues.push(issue({ code, path, message }));
  };

  const targets = Array.isArray(request.targets) ? (request.targets as readonly unknown[]) : undefined;
  if (targets === undefined)
    add(['targets'], 'targets must be a list of language codes, e.g. ["es-ES", "fr-FR"]', 'invalid_type');
  else {
    if (targets.length === 0) add(['targets'], 'at least one target language is required (target_0)', 'too_small');
    if (targets.length > DUBBING_LIMITS.maxTargets) {
      add(
        ['targets'],
        `at most ${DUBBING_LIMITS.maxTargets} target languages are allowed, got ${targets.length}`,
        'too_big',
      );
    }
    const seen = new Set<unknown>();
    targets.forEach((code, index) => {
      if (!isCode(code))
        add(
          ['targets', index],
          `${JSON.stringify(code)} is not a language code of the spec; use one of ${CODES.join(', ')}`,
        );
      else if (seen.has(code)) add(['targets', index], `${code} is listed twice`);
      seen.add(code);
    });
  }

  if (request.original !== undefined && request.original !== 'auto' && !isCode(request.original)) {
    add(
      ['original'],
      `${JSON.stringify(request.original)} is not a language code of the spec; use auto or one of ${CODES.join(', ')}`,
    );
  }

  let speakers: string | undefined;
  if (request.numberOfSpeakers !== undefined && request.numberOfSpeakers !== 'auto') {
    const n =
      typeof request.numberOfSpeakers === 'string' && /^\d+$/.test(request.numberOfSpeakers)
        ? Number(request.numberOfSpeakers)
        : request.numberOfSpeakers;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > DUBBING_LIMITS.maxSpeakers) {
      add(
        ['numberOfSpeakers'],
        `numberOfSpeakers must be auto or a whole number from 1 to ${DUBBING_LIMITS.maxSpeakers}, got ${JSON.stringify(request.numberOfSpeakers)}`,
      );
    } else speakers = String(n);
  } else if (request.numberOfSpeakers === 'auto') speakers = 'auto';

  for (const flag of ['isDubbingOnly', 'isRemoveBGM', 'isCaptionFile'] as const) {
    const value = request[flag];
    if (value !== undefined && typeof value !== 'boolean')
      add([flag], `${flag} must be true or false, got ${JSON.stringify(value)}`, 'invalid_type');
  }

  const srts = request.targetSrts ?? {};
  for (const code of Object.keys(srts)) {
    if (srts[code] === undefined) continue;
    if (!targets?.includes(code)) {
      add(
        ['targetSrts', code],
        `a subtitle file for ${code} needs ${code} among the targets (targetSrt_N is only sent beside target_N)`,
      );
    }
  }

  const file = await sourceOf(request.file, ['file'], add);
  const originalSrt =
    request.originalSrt === undefined ? undefined : await sourceOf(request.originalSrt, ['originalSrt'], add);
  const targetSrtSources = new Map<string, PartSource>();
  for (const [code, source] of Object.entries(srts)) {
    if (source === undefined) continue;
    const resolved = await sourceOf(source, ['targetSrts', code], add);
    if (resolved !== undefined) targetSrtSources.set(code, resolved);
  }

  if (issues.length > 0) throw new ValidationError(issues, { subject: 'dubbing upload' });
  if (file === undefined || targets === undefined)
    throw new Error('unreachable: dubbing upload checked without issues');

  const parts: MultipartPart[] = [
    {
      name: 'file',
      fileName: request.fileName ?? nameOf(request.file, 'video.mp4'),
      contentType: contentTypeFor(request.fileName ?? nameOf(request.file, 'video.mp4')),
      source: file,
    },
  ];
  if (request.original !== undefined) parts.push({ name: 'original', value: request.original });
  if (originalSrt !== undefined && request.originalSrt !== undefined) {
    parts.push({
      name: 'originalSrt',
      fileName: nameOf(request.originalSrt, 'original.srt'),
      contentType: 'application/x-subrip',
      source: originalSrt,
    });
  }
  targets.forEach((code, index) => {
    parts.push({ name: `target_${index}`, value: String(code) });
    const srt = targetSrtSources.get(String(code));
    const given = srts[String(code)];
    if (srt !== undefined && given !== undefined) {
      parts.push({
        name: `targetSrt_${index}`,
        fileName: nameOf(given, `${String(code)}.srt`),
        contentType: 'application/x-subrip',
        source: srt,
      });
    }
  });
  for (const flag of ['isDubbingOnly', 'isRemoveBGM', 'isCaptionFile'] as const) {
    const value = request[flag];
    if (value !== undefined) parts.push({ name: flag, value: String(value) });
  }
  if (speakers !== undefined) parts.push({ name: 'numberOfSpeakers', value: speakers });

  const replayable = parts.every((part) => 'value' in part || part.source.kind !== 'stream');
  return { parts, replayable };
}

function isCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && CODES.includes(value);
}

async function sourceOf(
  value: UploadSource | undefined,
  path: PathSegment[],
  add: (path: PathSegment[], message: string, code?: Issue['code']) => void,
): Promise<PartSource | undefined> {
  if (typeof value === 'string') {
    try {
      const info = await stat(value);
      if (!info.isFile()) {
        add(path, `${value} is not a file`);
        return undefined;
      }
      return { kind: 'path', path: value, size: info.size };
    } catch {
      add(path, `cannot read ${value}: no such file (check the path)`, 'missing');
      return undefined;
    }
  }
  if (value instanceof Blob) return { kind: 'blob', blob: value };
  if (value !== null && typeof value === 'object' && Symbol.asyncIterator in value)
    return { kind: 'stream', stream: value };
  add(path, 'must be a file path, a Blob/File or a stream of bytes', 'invalid_type');
  return undefined;
}

function nameOf(source: UploadSource, fallback: string): string {
  if (typeof source === 'string') return basename(source);
  if (typeof File !== 'undefined' && source instanceof File && source.name !== '') return source.name;
  return fallback;
}

const VIDEO_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
};

function contentTypeFor(fileName: string): string {
  return VIDEO_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
