import { closeSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { UsageError, batchError, writeWhole } from '@vsynth/core';
import { checkWritable } from './check-writable.js';
import { checkString } from './option-checks.js';
import type { RowResult } from './row-result.js';

/** Columns of the results file, in order. */
export const RESULT_COLUMNS = [
  'row',
  'rowKey',
  'status',
  'reason',
  'projectId',
  'projectKey',
  'errorCode',
  'errorMessage',
  'attempts',
  'cubes',
  'videoUrl',
  'duration',
] as const;

/** Where results go: a file written as rows settle. */
export interface ResultsSink {
  write(result: RowResult): void;
  /** Writes what is buffered; safe to call more than once. */
  close(): void;
  /** The batch was refused before sending anything: leave the destination as it was (default `close`). */
  abandon?(): void;
}

/**
 * Opens a results file by extension: `.csv`, `.ndjson`/`.jsonl` (one object per line), or
 * `.json` (one JSON array, closed by `close()`). Rows are written in the order they are given
 * (`runBatch` gives them in row order), buffered and written synchronously, so `close()` in a
 * signal handler loses nothing. The file is checked to be writable at once; rows are written to
 * `.NAME.partial` beside it, renamed over it by `close()`, so after `abandon()` it is left as it was.
 *
 * @example
 * const results = openResultsFile('results.csv');
 * results.write({ row: 1, rowKey: 'a1b2', status: 'done', projectId: 'p-1', attempts: 1 });
 * results.close();
 */
export function openResultsFile(path: string): ResultsSink {
  checkString('path', path, true);
  const extension = extname(path).toLowerCase();
  const csv = extension === '.csv';
  const array = extension === '.json';
  if (!csv && !array && !['.ndjson', '.jsonl'].includes(extension)) {
    throw new UsageError(`Cannot tell the format of results file ${path}: end it with .csv, .ndjson or .json.`);
  }
  checkWritable(path, 'results file');
  return new ResultsFile(path, csv ? 'csv' : array ? 'json' : 'ndjson');
}

/**
 * The sink of `openResultsFile`: lines are gathered and written 8 KiB at a time. A buffer held over
 * more rows outlives the young generation's collections and is copied into the old one, which a
 * large batch then grows (peak memory).
 */
class ResultsFile implements ResultsSink {
  readonly #path: string;
  readonly #partial: string;
  readonly #format: 'csv' | 'ndjson' | 'json';
  #fd: number | undefined;
  #closed = false;
  #pending = '';
  #first = true;

  constructor(path: string, format: 'csv' | 'ndjson' | 'json') {
    this.#path = path;
    this.#partial = join(dirname(path), `.${basename(path)}.partial`);
    this.#format = format;
    if (format === 'csv') this.#append(`${RESULT_COLUMNS.join(',')}\n`);
  }

  write(written: RowResult): void {
    const result = shown(written);
    if (this.#format === 'csv') this.#append(`${RESULT_COLUMNS.map((column) => csvField(result[column])).join(',')}\n`);
    else if (this.#format === 'ndjson') this.#append(`${JSON.stringify(withoutIssues(result))}\n`);
    else this.#append(`${this.#first ? '[\n' : ',\n'}${JSON.stringify(withoutIssues(result))}`);
    this.#first = false;
  }

  close(): void {
    if (this.#closed) return;
    try {
      if (this.#format === 'json') this.#append(this.#first ? '[]\n' : '\n]\n');
      this.#flush(true);
    } finally {
      this.#closed = true;
      if (this.#fd !== undefined) closeSync(this.#fd);
      this.#fd = undefined;
    }
    renameSync(this.#partial, this.#path);
  }

  abandon(): void {
    this.#pending = '';
    this.#closed = true;
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    rmSync(this.#partial, { force: true });
  }

  #append(text: string): void {
    if (this.#closed) return;
    this.#pending += text;
    if (this.#pending.length >= 8 * 1024) this.#flush(false);
  }

  #flush(closing: boolean): void {
    if (this.#closed || (this.#pending === '' && !closing)) return;
    const text = this.#pending;
    this.#pending = '';
    try {
      this.#fd ??= openSync(this.#partial, 'w');
      writeWhole(this.#fd, text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.abandon();
      throw batchError(`Cannot write the results file ${this.#path} (${code}); it was left as it was.`, {
        cause: error,
      });
    }
  }
}

/**
 * The result as the file shows it: an unknown row's cubes are left out (empty in CSV), since it is
 * not known whether its request was accepted and charged; the row's estimate stays in the summary.
 */
function shown(result: RowResult): RowResult {
  if (result.status !== 'unknown' || result.cubes === undefined) return result;
  const { cubes: _cubes, ...rest } = result;
  return rest;
}

function withoutIssues(result: RowResult): Omit<RowResult, 'issues'> {
  const { issues: _issues, ...rest } = result;
  return rest;
}

function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
