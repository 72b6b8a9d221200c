/** `vsynth audio --text … --model … --language …`: the legacy audio endpoint. */
import { Option, type Command } from 'commander';
import { UsageError, omitUndefined, type LegacyAudioRequest } from '@vsynth/core';
import { clientFromEnv, printJson, processIo, type CommandIo } from '../client-env.js';

export interface AudioOptions {
  readonly text: string;
  readonly model: string;
  readonly language: string;
  readonly webhookUrl?: string;
  /** The legacy field's name, kept as an alias of `--webhook-url`. */
  readonly webhook?: string;
}

/**
 * Registers `vsynth audio`.
 *
 * @example registerAudio(program) // vsynth audio --text "안녕하세요" --model anna --language ko
 */
export function registerAudio(program: Command): void {
  program
    .command('audio')
    .description('Create speech audio through the legacy audio endpoint; print the answer as JSON')
    .requiredOption('--text <text>', 'text to synthesize')
    .requiredOption('--model <name>', 'voice model name')
    .requiredOption('--language <code>', 'language of the text (e.g. ko)')
    .option('--webhook-url <url>', "address the audio result is delivered to (the request's `webhook` field)")
    .addOption(new Option('--webhook <url>', 'alias of --webhook-url').hideHelp())
    .action(async (options: AudioOptions) => {
      await runAudio(options);
    });
}

export async function runAudio(options: AudioOptions, io: CommandIo = processIo): Promise<void> {
  if (options.webhook !== undefined && options.webhookUrl !== undefined && options.webhook !== options.webhookUrl)
    throw new UsageError('--webhook is an alias of --webhook-url: give one address, not two.');
  const request: LegacyAudioRequest = {
    language: options.language,
    text: options.text,
    model: options.model,
    ...omitUndefined({ webhook: options.webhookUrl ?? options.webhook }),
  };
  printJson(await clientFromEnv(io).createLegacyAudio(request), io);
}
