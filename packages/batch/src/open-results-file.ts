import { closeSync, openSync } from 'node:fs';
import { extname } from 'node:path';
import { UsageError, batchError, writeWhole } from '@vsynth/core';
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
}

/**
 * Opens a results file by extension: `.csv`, `.ndjson`/`.jsonl` (one object per line), or
 * `.json` (one JSON array, closed by `close()`). Rows are written in the order they settle,
 * buffered and written synchronously, so `close()` in a signal handler loses nothing.
 *
 * @example
 * const results = openResultsFile('results.csv');
 * results.write({ row: 1, rowKey: 'a1b2', status: 'done', projectId: 'p-1', attempts: 1 });
 * results.close();
 */
export function openResultsFile(path: string): ResultsSink {
  const extension = extname(path).toLowerCase();
  const csv = extension === '.csv';
  const array = extension === '.json';
  if (!csv && !array && !['.ndjson', '.jsonl'].includes(extension)) {
    throw new UsageError(`Cannot tell the format of results file ${path}: end it with .csv, .ndjson or .json.`);
  }
  return new ResultsFile(path, openSync(path, 'w'), csv ? 'csv' : array ? 'json' : 'ndjson');
}

/**
 * The sink of `openResultsFile`. A class, not closures: the batch runner's calls to `write` and
 * `close` reach the same functions in every batch of a process, so its optimised code stays valid.
 */
class ResultsFile implements ResultsSink {
  // Lines are copied into one reused buffer at once, so a million-row batch leaves no trail of
  // small strings for the garbage collector to promote (keeps peak memory flat).
  private readonly buffer = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private first = true;

  constructor(
    private readonly path: string,
    private fd: number | undefined,
    private readonly format: 'csv' | 'ndjson' | 'json',
  ) {
    if (format === 'csv') this.append(`${RESULT_COLUMNS.join(',')}\n`);
  }

  write(result: RowResult): void {
    if (this.format === 'csv') this.append(csvLine(result));
    else {
      const array = this.format === 'json';
      this.append(`${array ? (this.first ? '[\n' : ',\n') : ''}${JSON.stringify(withoutIssues(result))}${array ? '' : '\n'}`);
    }
    this.first = false;
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      if (this.format === 'json') this.append(this.first ? '[]\n' : '\n]\n');
      this.flush();
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }

  private flush(): void {
    if (this.fd === undefined || this.used === 0) return;
    const used = this.used;
    this.used = 0;
    this.writeOut(this.buffer.subarray(0, used));
  }

  private writeOut(data: string | Buffer): void {
    try {
      writeWhole(this.fd!, data);
    } catch (error) {
      throw batchError(`Cannot write the results file ${this.path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); it is incomplete.`, { cause: error });
    }
  }

  private append(line: string): void {
    if (this.fd === undefined) return;
    const buffer = this.buffer;
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: a line that surely fits is copied without measuring it first.
    if (buffer.length - this.used >= line.length * 3) {
      this.used += buffer.write(line, this.used);
      return;
    }
    const bytes = Buffer.byteLength(line);
    if (this.used + bytes > buffer.length) this.flush();
    if (bytes > buffer.length) this.writeOut(line);
    else this.used += buffer.write(line, this.used);
  }
}

function withoutIssues(result: RowResult): Omit<RowResult, 'issues'> {
  // Most rows have no issues: written as they are, not copied.
  if (result.issues === undefined) return result;
  const { issues: _issues, ...rest } = result;
  return rest;
}

/** The fields in RESULT_COLUMNS order, read by name (a results-file test checks the header matches). */
function csvLine(r: RowResult): string {
  return `${csvField(r.row)},${csvField(r.rowKey)},${csvField(r.status)},${csvField(r.reason)},${csvField(r.projectId)},${csvField(r.projectKey)},${csvField(r.errorCode)},${csvField(r.errorMessage)},${csvField(r.attempts)},${csvField(r.cubes)},${csvField(r.videoUrl)},${csvField(r.duration)}\n`;
}

function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return String(value); // never holds a comma, quote or line break
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;
