/**
 * `vsynth batch --dry-run --preview DIR`: a thumbnail of the video of each of the first N bound
 * rows, so a person can eyeball the personalisation before the batch spends cubes.
 */
import { join, resolve } from 'node:path';
import { formatIssue, isValidationError, UsageError } from '@vsynth/core';
import { createAssetLoader, makeOutputDir, renderThumbnail } from '@vsynth/preview';
import { applyModify } from '@vsynth/sandbox';
import type { BatchRequest } from '@vsynth/templates';

export interface RowPreviewOptions {
  /** Directory the thumbnails are written to (created when missing). */
  readonly dir: string;
  /** Rows 1..rows get a thumbnail (1-based data rows, as in the results). */
  readonly rows: number;
  readonly kind: BatchRequest['kind'];
  /** The compiled base video of a modify template (`--slots-from`); required for modify. */
  readonly base?: unknown;
  /** Directory relative image paths in the payloads are resolved against. */
  readonly baseDir: string;
}

export interface RowPreviews {
  /** Queues the thumbnail of one bound row (rows after the first N are ignored). */
  add(row: number, request: BatchRequest): void;
  /** Waits for the queued thumbnails; returns their paths and the warnings, each once with its rows. */
  finish(): Promise<{ readonly paths: readonly string[]; readonly warnings: readonly string[] }>;
}

/** File name of a row's thumbnail: `row-0007.png`. */
export function rowPreviewName(row: number): string {
  return `row-${String(row).padStart(4, '0')}.png`;
}

/**
 * Draws the first scene of each of the first `rows` rows' videos at scale 0.25, loading each image
 * once for all rows; a modify row is the base video with its `updates` applied (as the service
 * does), so a modify template without a base is a usage error up front.
 *
 * @example
 * const previews = await rowPreviews({ dir: 'previews', rows: 10, kind: 'create', baseDir: '.' });
 * previews.add(1, { kind: 'create', body: payload });
 * const { paths } = await previews.finish(); // ['…/previews/row-0001.png']
 */
export async function rowPreviews(options: RowPreviewOptions): Promise<RowPreviews> {
  if (options.kind === 'modify' && options.base === undefined) {
    throw new UsageError(
      "--preview draws each row's video, but a modify template only lists changes to a project stored by the service: pass --slots-from video.tsx (the base video) so each row's updates can be drawn over it.",
    );
  }
  const dir = resolve(options.dir);
  await makeOutputDir(dir);
  const loadAsset = createAssetLoader({ baseDir: options.baseDir });
  const paths: string[] = [];
  // The same missing image in every row is reported once, with the rows it concerns.
  const warnings = new Map<string, number[]>();
  const warn = (text: string, row: number): void => {
    const rows = warnings.get(text) ?? [];
    rows.push(row);
    warnings.set(text, rows);
  };
  let queue = Promise.resolve();

  const payloadOf = (request: BatchRequest, row: number): unknown => {
    if (request.kind !== 'modify') return request.body;
    const modified = applyModify(options.base, (request.body['updates'] ?? {}) as Record<string, unknown>, 'v3');
    if (modified.ok) return modified.payload;
    for (const problem of modified.issues)
      warn(`⚠ Row not drawn: ${problem.message}; is --slots-from the base video of this template?`, row);
    return undefined;
  };

  return {
    add(row, request) {
      if (row > options.rows) return;
      const payload = payloadOf(request, row);
      if (payload === undefined) return;
      const out = join(dir, rowPreviewName(row));
      queue = queue.then(async () => {
        try {
          const thumbnail = await renderThumbnail(payload, { out, loadAsset });
          paths.push(thumbnail.path);
          for (const warning of thumbnail.warnings) warn(formatIssue(warning), row);
        } catch (error) {
          const why = isValidationError(error)
            ? error.issues.map((problem) => problem.message).join('; ')
            : error instanceof Error
              ? error.message
              : String(error);
          warn(`⚠ Row not drawn: ${why}`, row);
        }
      });
    },
    async finish() {
      await queue;
      const lines = [...warnings].map(
        ([text, rows]) => `${text}\n  → in the preview of row${rows.length === 1 ? '' : 's'} ${summariseRows(rows)}`,
      );
      return { paths: paths.sort(), warnings: lines };
    },
  };
}

function summariseRows(rows: readonly number[]): string {
  const sorted = [...rows].sort((a, b) => a - b);
  return sorted.length <= 6
    ? sorted.join(', ')
    : `${sorted.slice(0, 5).join(', ')} … ${sorted.at(-1)}, ${sorted.length} rows`;
}
