/**
 * Helpers of the queue tests: a data file of N create rows, the queued batch's CLI commands, and
 * reading which rows reached the sandbox (by the correlation id in each request's webhook address).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CORRELATION_ID_PARAM } from '@vsynth/core';
import { ROOT, ledger, type LedgerEntry } from './batch-helpers.js';

export const WELCOME = join(ROOT, 'examples/batch/create-per-row/welcome.tsx');

/** Writes `rows` customer rows (name, plan, seats) for the welcome create template. */
export async function writeCustomers(dir: string, rows: number): Promise<string> {
  const path = join(dir, `customers-${rows}.csv`);
  const lines = ['name,plan,seats'];
  for (let row = 1; row <= rows; row++) lines.push(`Customer ${row},${row % 2 === 0 ? 'Pro' : 'Team'},${row % 9 + 1}`);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

/** Accepted create requests of a batch per row (from the correlation id `<batch>.<row>`), with their cubes. */
export async function createsByRow(url: string, batchId: string): Promise<{ counts: Map<number, number>; cubes: number; entries: LedgerEntry[] }> {
  const entries = (await ledger(url)).filter((entry) => entry.endpoint === 'POST /api/odin/v3/editor/project');
  const counts = new Map<number, number>();
  let cubes = 0;
  for (const entry of entries) {
    const cid = entry.body.webhookUrl === undefined ? undefined : new URL(entry.body.webhookUrl).searchParams.get(CORRELATION_ID_PARAM);
    if (cid === null || cid === undefined || !cid.startsWith(`${batchId}.`)) continue;
    const row = Number(cid.slice(batchId.length + 1));
    counts.set(row, (counts.get(row) ?? 0) + 1);
    cubes += entry.cubes;
  }
  return { counts, cubes, entries };
}

/** Resolves once `predicate` holds for the text, or rejects after `ms`. */
export async function until(what: string, predicate: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rows a worker's `--events jsonl` stderr says it settled. */
export function settledRows(stderr: string): number {
  return stderr.split('\n').filter((line) => line.startsWith('{"type":"row"')).length;
}
