/**
 * Shared plumbing of the client commands (submit, modify, edit, dub, progress, audio, find):
 * a client from the environment, JSON on stdout, messages on stderr. Webhook waiting is in
 * `send-with-webhook.ts`, option parsers in `option-parsers.ts`.
 */
import {
  createClient,
  isApiError,
  formatIssues,
  parseJsonText,
  type CreateClientOptions,
  type Issue,
  type VsynthClient,
} from '@vsynth/core';
import { readTextFile } from './read-text-file.js';

/** Where a command writes; injectable for tests. */
export interface CommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
}

export const processIo: CommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };

/**
 * A client configured from `VSYNTH_*` variables; each retry of a GET is told on stderr. A missing
 * variable throws the client's `VSYNTH_CONFIG` error, naming the variables to set (exit 2).
 *
 * @example const client = clientFromEnv(processIo) // VSYNTH_API_KEY, VSYNTH_BASE_URL, …
 */
export function clientFromEnv(io: CommandIo = processIo, options: Partial<CreateClientOptions> = {}): VsynthClient {
  return createClient({
    env: io.env,
    onRetry: ({ endpoint, attempt, delayMs, error }) => {
      const why = isApiError(error) ? `status ${error.status}` : 'no answer: network error or timeout';
      io.stderr.write(`${endpoint} failed (${why}); retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s\n`);
    },
    ...options,
  });
}

/** Prints one JSON value on stdout, pretty when it goes to a terminal. */
export function printJson(value: unknown, io: CommandIo = processIo, compact = false): void {
  const tty = (io.stdout as { isTTY?: boolean }).isTTY === true;
  io.stdout.write(`${JSON.stringify(value, null, compact || !tty ? undefined : 2)}\n`);
}

export function printWarnings(warnings: readonly Issue[], io: CommandIo = processIo): void {
  if (warnings.length > 0) io.stderr.write(`${formatIssues(warnings)}\n`);
}

/** Reads and parses a JSON file; a missing file is a usage error, bad JSON a validation error. */
export async function readJsonFile(file: string): Promise<unknown> {
  return parseJsonText(await readTextFile(file), { source: file });
}
