/** `vsynth find KEY`: the legacy find endpoint; prints the stored project as JSON. */
import type { Command } from 'commander';
import { clientFromEnv, printJson, processIo, type CommandIo } from '../client-env.js';

/**
 * Registers `vsynth find`.
 *
 * @example registerFind(program) // vsynth find k-42
 */
export function registerFind(program: Command): void {
  program
    .command('find')
    .description('Fetch a legacy project by key; print the answer as JSON')
    .argument('<key>', 'project key (the key of a legacy create answer)')
    .action(async (key: string) => {
      await runFind(key);
    });
}

export async function runFind(key: string, io: CommandIo = processIo): Promise<void> {
  printJson(await clientFromEnv(io).findLegacyProject(key), io);
}
