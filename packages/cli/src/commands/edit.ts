/**
 * `vsynth edit KEY --change JSON…`: changes clip values of the project with that key
 * (`{sceneIdx, type, values}` per change) and exports it unless `--no-export`.
 */
import type { Command } from 'commander';
import { ValidationError, issue, omitUndefined, parseJsonText, type EditRequest } from '@vsynth/core';
import { clientFromEnv, printJson, processIo, type CommandIo } from '../client-env.js';
import { collectRepeated } from '../option-parsers.js';
import { requireExportForWebhook, sendWithWebhook, type WebhookFlags } from '../send-with-webhook.js';

export interface EditOptions extends WebhookFlags {
  readonly change: readonly string[];
  readonly export?: boolean;
}

/**
 * Registers `vsynth edit`.
 *
 * @example
 * registerEdit(program); // vsynth edit k-42 --change '{"sceneIdx":0,"type":"textImage","values":{"text":"Hi"}}'
 */
export function registerEdit(program: Command): void {
  program
    .command('edit')
    .description('Change clip values of the project with this key; print the answer as JSON')
    .argument('<key>', 'project key')
    .requiredOption(
      '--change <json>',
      'a change {"sceneIdx":0,"type":"aiModel","values":{"script":"…"}} (or an array of them), repeatable',
      collectRepeated,
      [],
    )
    .option('--no-export', 'only store the change (isExport: false)')
    .option('--webhook-url <url>', 'address the service delivers the result to')
    .option('--wait', 'listen on a local port for the webhook delivery and print it')
    .option('--listen-port <port>', 'local port for --wait (default: any free port)')
    .option('--wait-timeout <seconds>', 'give up waiting for the delivery after this long')
    .addHelpText(
      'after',
      `\nExample:\n  vsynth edit k-42 --change '{"sceneIdx":0,"type":"textImage","values":{"text":"New title","fontSize":72}}'`,
    )
    .action(async (key: string, options: EditOptions) => {
      await runEdit(key, options);
    });
}

export async function runEdit(key: string, options: EditOptions, io: CommandIo = processIo): Promise<void> {
  const value: unknown[] = [];
  options.change.forEach((text, index) => {
    const parsed = parseJsonText(text, { source: `--change #${index + 1}` });
    if (Array.isArray(parsed)) value.push(...(parsed as unknown[]));
    else value.push(parsed);
  });
  if (value.length === 0) {
    throw new ValidationError(
      [issue({ code: 'too_small', path: ['updates', 'value'], message: 'give at least one --change' })],
      { subject: 'edit request' },
    );
  }
  requireExportForWebhook(options, options.export !== false, 'drop --no-export');
  const client = clientFromEnv(io);
  const result = await sendWithWebhook(options, io, (webhookUrl) => {
    const request = {
      updates: { value },
      ...(options.export === false ? { isExport: false } : {}),
      ...omitUndefined({ webhookUrl }),
    } as EditRequest;
    return client.editProject(key, request);
  });
  printJson(result, io);
}
