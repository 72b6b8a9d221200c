/**
 * `vsynth modify --project ID --set KEY=VALUE…`: replaces title, subtitle or script texts of a
 * stored project (keys like `title_1`, `scripts_0`) and optionally re-exports it.
 */
import type { Command } from 'commander';
import { UsageError, omitUndefined, type ModifyRequest } from '@vsynth/core';
import { clientFromEnv, printJson, processIo, type CommandIo } from '../client-env.js';
import { collectRepeated } from '../option-parsers.js';
import { requireExportForWebhook, sendWithWebhook, type WebhookFlags } from '../send-with-webhook.js';

export interface ModifyOptions extends WebhookFlags {
  readonly project: string;
  readonly set: readonly string[];
  readonly export?: boolean;
}

/**
 * Registers `vsynth modify`.
 *
 * @example
 * registerModify(program); // vsynth modify --project p1 --set title="Hi Ana" --set scripts_1="Welcome" --export
 */
export function registerModify(program: Command): void {
  program
    .command('modify')
    .description(
      'Replace title/subtitle/script texts of a project by key (title, subtitles_2, scripts_1…); print the answer as JSON',
    )
    .requiredOption('--project <id>', 'projectId to modify')
    .requiredOption(
      '--set <key=value>',
      'an update, repeatable; the key is title|subtitles|scripts with an optional _N index',
      collectRepeated,
      [],
    )
    .option('--export', 'export the modified project (isExport: true; default false)')
    .option('--webhook-url <url>', 'address the service delivers the result to')
    .option('--wait', 'export, listen on a local port for the webhook delivery and print it')
    .option('--listen-port <port>', 'local port for --wait (default: any free port)')
    .option('--wait-timeout <seconds>', 'give up waiting for the delivery after this long')
    .addHelpText(
      'after',
      '\nExample:\n  vsynth modify --project 665f1c --set title="Tom & Jerry" --set scripts_1="Hello again" --export',
    )
    .action(async (options: ModifyOptions) => {
      await runModify(options);
    });
}

export async function runModify(options: ModifyOptions, io: CommandIo = processIo): Promise<void> {
  const updates: Record<string, string> = {};
  for (const pair of options.set) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--set takes KEY=VALUE (e.g. title_1="New title"), got "${pair}".`);
    const key = pair.slice(0, at);
    if (key in updates) throw new UsageError(`--set ${key} is given twice.`);
    updates[key] = pair.slice(at + 1);
  }
  const exported = options.export === true || options.wait === true;
  requireExportForWebhook(options, exported, 'add --export');
  const client = clientFromEnv(io);
  const result = await sendWithWebhook(options, io, (webhookUrl) => {
    const request: ModifyRequest = {
      projectId: options.project,
      updates,
      ...(exported ? { isExport: true } : {}),
      ...omitUndefined({ webhookUrl }),
    };
    return client.modifyProject(request);
  });
  printJson(result, io);
}
