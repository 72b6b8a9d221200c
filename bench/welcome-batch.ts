/**
 * What the benches that run the real CLI's batch share: the CLI (`bench/code-under-test.ts`), the
 * export-row template (`examples/batch/create-per-row/welcome.tsx`) and its customer rows.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { CLI_ARGS } from './code-under-test.js';

/** The template: one create with an export per row. */
export const WELCOME_TEMPLATE = 'examples/batch/create-per-row/welcome.tsx';

/**
 * Node's arguments for `vsynth batch` of {@link WELCOME_TEMPLATE} over `data`.
 *
 * @example spawn(process.execPath, welcomeBatchArgs(data, '--concurrency', '32'))
 */
export function welcomeBatchArgs(data: string, ...flags: string[]): string[] {
  return [...CLI_ARGS, 'batch', '--template', WELCOME_TEMPLATE, '--data', data, ...flags];
}

/** Runs node with `args` in a child process (its output ignored, errors shown); resolves with its exit code. */
export function runNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  return new Promise((resolve) => spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', resolve));
}

/**
 * Writes a CSV of `count` customer rows (name, plan, seats) for {@link WELCOME_TEMPLATE} to `path`;
 * `tag` prefixes the names, so each run's rows are new and can be told apart in the ledger.
 *
 * @example await writeCustomers(join(dir, 'rows.csv'), 3000, 'w4') // names 'w4 customer 1' …
 */
export async function writeCustomers(path: string, count: number, tag = ''): Promise<string> {
  const lines = ['name,plan,seats'];
  for (let row = 1; row <= count; row++) lines.push(`${tag === '' ? '' : `${tag} `}customer ${row},Pro,${(row % 9) + 1}`);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}
