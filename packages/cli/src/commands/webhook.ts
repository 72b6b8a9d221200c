/**
 * `vsynth webhook listen [--port] [--host] [--secret]`: receives webhook deliveries and prints
 * one JSON line per delivery on stdout until interrupted; each refused request is one line on stderr.
 */
import type { Command } from 'commander';
import { listenForWebhooks, omitUndefined } from '@vsynth/core';
import { processIo, type CommandIo } from '../client-env.js';
import { parseNumberOption } from '../option-parsers.js';
import { webhookRefusalLine } from '../webhook-refusal-line.js';
import { webhookSecretFrom } from '../webhook-secret.js';

export interface WebhookListenOptions {
  readonly port?: string;
  readonly host?: string;
  readonly secret?: string;
}

/**
 * Registers `vsynth webhook listen`.
 *
 * @example registerWebhook(program) // vsynth webhook listen --port 9000 --secret "$VSYNTH_WEBHOOK_SECRET"
 */
export function registerWebhook(program: Command): void {
  const webhook = program.command('webhook').description('Receive webhook deliveries');
  webhook
    .command('listen')
    .description(
      'Listen for deliveries (GET or POST) and print one JSON line per delivery; a repeated delivery is printed once, a refused one is explained on stderr',
    )
    .option('--port <port>', 'port to listen on (default: any free port)')
    .option('--host <host>', 'address to bind (default 127.0.0.1)')
    .option(
      '--secret <secret>',
      'reject deliveries whose vs_sig does not verify (default VSYNTH_WEBHOOK_SECRET; surrounding white space is ignored)',
    )
    .addHelpText(
      'after',
      '\nUnlike the studio and the sandbox, the listener answers any Host and Origin: the service (often through a\n' +
        'tunnel) must reach it under names it cannot know. What protects it is the signature: give --secret.',
    )
    .action(async (options: WebhookListenOptions) => {
      await runWebhookListen(options);
    });
}

/** Listens until SIGINT/SIGTERM (or `stop` aborts). */
export async function runWebhookListen(
  options: WebhookListenOptions,
  io: CommandIo = processIo,
  stop?: AbortSignal,
): Promise<void> {
  const secret = webhookSecretFrom(io.env, options.secret);
  const listener = await listenForWebhooks({
    ...(options.port === undefined
      ? {}
      : { port: parseNumberOption('--port', options.port, { max: 65_535, integer: true }) }),
    ...omitUndefined({ host: options.host }),
    secret,
    onDelivery: (delivery) => {
      io.stdout.write(`${JSON.stringify(delivery)}\n`);
    },
    onRejected: (rejection) => {
      io.stderr.write(`vsynth: ${webhookRefusalLine(rejection)}\n`);
    },
  });
  io.stderr.write(
    `listening for webhook deliveries on ${listener.url}${secret === undefined ? '' : ' (signatures checked)'}; Ctrl-C to stop\n`,
  );
  await new Promise<void>((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    stop?.addEventListener('abort', done, { once: true });
  });
  await listener.close();
  io.stderr.write('stopped\n');
}
