/**
 * Sending a request that may deliver a webhook (submit, modify, edit): the `--webhook-url`,
 * `--wait`, `--listen-port` and `--wait-timeout` flags, correlation and the local listener.
 */
import { randomUUID } from 'node:crypto';
import {
  UsageError,
  VsynthError,
  correlateWebhookUrl,
  expectWebhookDelivery,
  type WebhookDelivery,
} from '@vsynth/core';
import type { CommandIo } from './client-env.js';
import { parseNumberOption } from './option-parsers.js';
import { webhookRefusalLine } from './webhook-refusal-line.js';
import { webhookSecretFrom } from './webhook-secret.js';

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
  if (flag !== undefined)
    throw new UsageError(
      `${flag} needs an export (the service delivers the webhook only for exported projects); ${howToExport}.`,
    );
}

/**
 * Sends a request that may deliver a webhook. With `--wait` a local listener gets a correlated
 * address (or `--webhook-url`, a public address forwarding to it, gets the correlation appended)
 * and the result is `{...response, delivery}` once the delivery arrives. Without `--wait`, a
 * `--webhook-url` is correlated when VSYNTH_WEBHOOK_SECRET is set.
 *
 * @example
 * const result = await sendWithWebhook({ wait: true }, io, (webhookUrl) =>
 *   client.createProject({ ...payload, webhookUrl }),
 * )
 */
export async function sendWithWebhook<T extends object>(
  flags: WebhookFlags,
  io: CommandIo,
  send: (webhookUrl: string | undefined) => Promise<T>,
): Promise<T | (T & { delivery: WebhookDelivery })> {
  const secret = webhookSecretFrom(io.env);
  if (flags.webhookUrl !== undefined) checkUrl(flags.webhookUrl);
  if (flags.wait !== true) {
    if (flags.webhookUrl === undefined || secret === undefined) return send(flags.webhookUrl);
    const id = randomUUID();
    io.stderr.write(`webhook correlation id: ${id}\n`);
    return send(correlateWebhookUrl(flags.webhookUrl, { id, secret }));
  }
  const timeoutMs =
    flags.waitTimeout === undefined
      ? undefined
      : parseNumberOption('--wait-timeout', flags.waitTimeout, { min: 1, integer: true }) * 1000;
  const expected = await expectWebhookDelivery({
    ...(flags.listenPort === undefined
      ? {}
      : { port: parseNumberOption('--listen-port', flags.listenPort, { max: 65_535, integer: true }) }),
    secret,
    publicUrl: flags.webhookUrl,
    // A refused delivery keeps the wait going: say why, or the user waits until the timeout.
    onRejected: (rejection) => io.stderr.write(`vsynth: ${webhookRefusalLine(rejection)}\n`),
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
      throw new VsynthError(
        'VSYNTH_ABORTED',
        `Stopped waiting for the webhook delivery (interrupted). The request was accepted (${accepted}) and the export goes on; its delivery will find no listener here.`,
        { cause: error },
      );
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
