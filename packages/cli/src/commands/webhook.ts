/**
 * `vsynth webhook listen [--port] [--host] [--secret] …`: receives webhook deliveries and prints
 * one JSON line per delivery on stdout until interrupted; each refused request is one line on stderr.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { listenForWebhooks, MAX_DELIVERY_DURATION_SECONDS, omitUndefined } from '@vsynth/core';
import { processIo, type CommandIo } from '../client-env.js';
import { collectHostName, parseNumberOption } from '../option-parsers.js';
import { webhookRefusalLine } from '../webhook-refusal-line.js';
import { webhookSecretFrom } from '../webhook-secret.js';

export interface WebhookListenOptions {
  readonly port?: string;
  readonly host?: string;
  readonly secret?: string;
  /** Where settled correlation ids are kept across restarts. */
  readonly settledFile?: string;
  readonly allowedVideoHost?: readonly string[];
  readonly maxDuration?: string;
}

/**
 * Where `vsynth webhook listen` keeps settled correlation ids by default:
 * `$XDG_CACHE_HOME/vsynth/webhook-settled.txt`, else `~/.cache/vsynth/webhook-settled.txt`.
 *
 * @example defaultSettledFile({ XDG_CACHE_HOME: '/var/cache' }) // '/var/cache/vsynth/webhook-settled.txt'
 */
export function defaultSettledFile(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env['XDG_CACHE_HOME'] ? env['XDG_CACHE_HOME'] : join(homedir(), '.cache');
  return join(cache, 'vsynth', 'webhook-settled.txt');
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
    .option(
      '--settled-file <file>',
      'with --secret, where settled correlation ids are kept so a restarted listener still refuses a replay (default $XDG_CACHE_HOME/vsynth/webhook-settled.txt or ~/.cache/vsynth/webhook-settled.txt)',
    )
    .option(
      '--allowed-video-host <name>',
      'refuse deliveries whose videoUrl is on another host (.name allows subdomains); repeatable (default: any https host)',
      collectHostName,
    )
    .option(
      '--max-duration <seconds>',
      `refuse deliveries whose duration is above this (default ${MAX_DELIVERY_DURATION_SECONDS}, 24 h)`,
    )
    .addHelpText(
      'after',
      '\nThe signature (vs_sig) covers the correlation id only, since the service signs nothing: a delivery is also\n' +
        'refused (401) when its videoUrl is not https (http only on this machine) or off --allowed-video-host, or its\n' +
        'duration is not 0 to --max-duration seconds; with --secret each correlation id settles once (a copy is a\n' +
        'duplicate, other values 409), remembered in --settled-file across restarts.\n' +
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
    ...omitUndefined({ host: options.host, allowedVideoHosts: options.allowedVideoHost }),
    ...(options.maxDuration === undefined
      ? {}
      : { maxDurationSeconds: parseNumberOption('--max-duration', options.maxDuration, { min: 0 }) }),
    ...(secret === undefined ? {} : { settledFile: options.settledFile ?? defaultSettledFile(io.env) }),
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
