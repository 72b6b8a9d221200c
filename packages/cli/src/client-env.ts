/**
 * Shared plumbing of the client commands (submit, modify, edit, dub, progress, audio, find):
 * a client from the environment, JSON on stdout, messages on stderr, webhook waiting.
 */
import { readFile } from 'node:fs/promises';
import {
  UsageError,
  VsynthError,
  correlateWebhookUrl,
  createClient,
  isApiError,
  expectWebhookDelivery,
  formatIssues,
  parseJsonText,
  type CreateClientOptions,
  type Issue,
  type VsynthClient,
  type WebhookDelivery,
} from '@vsynth/core';
import { randomUUID } from 'node:crypto';
import { parseNumberOption } from './option-parsers.js';

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

/** Prints warnings on stderr. */
export function printWarnings(warnings: readonly Issue[], io: CommandIo = processIo): void {
  if (warnings.length > 0) io.stderr.write(`${formatIssues(warnings)}\n`);
}

/** Reads and parses a JSON file; a missing file is a usage error, bad JSON a validation error. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${file}: no such file or not readable. Check the path.`);
  }
  return parseJsonText(text, { source: file });
}

/**
 * Option parser of a repeatable flag: collects every value in order.
 *
 * @example program.option('--set <key=value>', 'repeatable', collectRepeated, [])
 */
export function collectRepeated(value: string, previous: readonly string[]): string[] {
  return [...previous, value];
}

/** The webhook flags shared by submit, modify and edit. */
export interface WebhookFlags {
  readonly webhookUrl?: string;
  readonly wait?: boolean;
  readonly listenPort?: string;
  readonly waitTimeout?: string;
}

/**
 * Refuses `--wait` or `--webhook-url` on a request that does not export: the service delivers a
 * webhook only for an export, so the wait would never end and the address would never be called.
 *
 * @example requireExportForWebhook(options, options.export !== false, 'drop --no-export')
 */
export function requireExportForWebhook(flags: WebhookFlags, exported: boolean, howToExport: string): void {
  if (exported) return;
  const flag = flags.wait === true ? '--wait' : flags.webhookUrl !== undefined ? '--webhook-url' : undefined;
  if (flag !== undefined) throw new UsageError(`${flag} needs an export (the service delivers the webhook only for exported projects); ${howToExport}.`);
}

/**
 * Sends a request that may deliver a webhook. With `--wait` a local listener gets a correlated
 * address (or `--webhook-url`, a public address forwarding to it, gets the correlation appended)
 * and the result is `{...response, delivery}` once the delivery arrives. Without `--wait`, a
 * `--webhook-url` is correlated when VSYNTH_WEBHOOK_SECRET is set.
 *
 * @example const result = await sendWithWebhook({ wait: true }, io, (webhookUrl) => client.createProject({ ...payload, webhookUrl }))
 */
export async function sendWithWebhook<T extends object>(
  flags: WebhookFlags,
  io: CommandIo,
  send: (webhookUrl: string | undefined) => Promise<T>,
): Promise<T | (T & { delivery: WebhookDelivery })> {
  const secret = io.env['VSYNTH_WEBHOOK_SECRET'] || undefined;
  if (flags.webhookUrl !== undefined) checkUrl(flags.webhookUrl);
  if (flags.wait !== true) {
    if (flags.webhookUrl === undefined || secret === undefined) return send(flags.webhookUrl);
    const id = randomUUID();
    io.stderr.write(`webhook correlation id: ${id}\n`);
    return send(correlateWebhookUrl(flags.webhookUrl, { id, secret }));
  }
  const timeoutMs = flags.waitTimeout === undefined ? undefined : parseNumberOption('--wait-timeout', flags.waitTimeout, { min: 1, integer: true }) * 1000;
  const expected = await expectWebhookDelivery({
    ...(flags.listenPort === undefined ? {} : { port: parseNumberOption('--listen-port', flags.listenPort, { max: 65_535, integer: true }) }),
    secret,
    publicUrl: flags.webhookUrl,
  });
  // Ctrl-C while waiting stops the wait (exit 5, cancelled) and closes the listener; the request stays accepted.
  const interrupt = new AbortController();
  const stop = (): void => interrupt.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const response = await send(expected.webhookUrl);
    // The answer (projectId) goes to stderr now, so an interrupted or timed-out wait does not lose it.
    const accepted = JSON.stringify(response);
    io.stderr.write(`accepted: ${accepted}; waiting for the webhook delivery (correlation id ${expected.id})…\n`);
    const delivery = await expected.wait({ timeoutMs, signal: interrupt.signal }).catch((error: unknown) => {
      if (!interrupt.signal.aborted) throw error;
      throw new VsynthError('VSYNTH_ABORTED', `Stopped waiting for the webhook delivery (interrupted). The request was accepted (${accepted}) and the export goes on; its delivery will find no listener here.`, { cause: error });
    });
    return { ...response, delivery };
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await expected.close();
  }
}

function checkUrl(text: string): void {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return;
  } catch {
    // reported below
  }
  throw new UsageError(`--webhook-url must be an absolute http(s) address, got "${text}".`);
}
