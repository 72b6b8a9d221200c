import { closeSync, openSync, writeSync } from 'node:fs';
import { extname } from 'node:path';
import { UsageError } from '@vsynth/core';
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
  let fd: number | undefined = openSync(path, 'w');
  // Lines are copied into one reused buffer at once, so a million-row batch leaves no trail of
  // small strings for the garbage collector to promote (keeps peak memory flat).
  const buffer = Buffer.allocUnsafe(64 * 1024);
  let used = 0;
  const flush = () => {
    if (fd === undefined || used === 0) return;
    writeSync(fd, buffer, 0, used);
    used = 0;
  };
  const append = (line: string) => {
    if (fd === undefined) return;
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: a line that surely fits is copied without measuring it first.
    if (buffer.length - used >= line.length * 3) {
      used += buffer.write(line, used);
      return;
    }
    const bytes = Buffer.byteLength(line);
    if (used + bytes > buffer.length) flush();
    if (bytes > buffer.length) writeSync(fd, line);
    else used += buffer.write(line, used);
  };
  if (csv) append(`${RESULT_COLUMNS.join(',')}\n`);
  let first = true;
  return {
    write(result) {
      if (csv) append(csvLine(result));
      else append(`${array ? (first ? '[\n' : ',\n') : ''}${JSON.stringify(withoutIssues(result))}${array ? '' : '\n'}`);
      first = false;
    },
    close() {
      if (array && fd !== undefined) append(first ? '[]\n' : '\n]\n');
      flush();
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

function withoutIssues(result: RowResult): Omit<RowResult, 'issues'> {
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
