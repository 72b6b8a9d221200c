/** `vsynth progress FOLDER_ID`: prints the progress of a dubbing job as JSON. */
import type { Command } from 'commander';
import { clientFromEnv, printJson, processIo, type CommandIo } from '../client-env.js';

/**
 * Registers `vsynth progress`.
 *
 * @example registerProgress(program) // vsynth progress f-12
 */
export function registerProgress(program: Command): void {
  program
    .command('progress')
    .description('Print the progress of a dubbing job ({projectId, name, progress, download_url}) as JSON')
    .argument('<folderId>', 'folderId returned by `vsynth dub`')
    .action(async (folderId: string) => {
      await runProgress(folderId);
    });
}

export async function runProgress(folderId: string, io: CommandIo = processIo): Promise<void> {
  printJson(await clientFromEnv(io).getDubbingProgress(folderId), io);
}
