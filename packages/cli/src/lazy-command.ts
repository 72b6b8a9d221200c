import type { Command } from 'commander';

/** A `vsynth` command as index.ts lists it; its module is imported only when the command runs. */
export interface LazyCommand {
  readonly name: string;
  /** Its one-line description in `vsynth --help`; the same text as the command module's. */
  readonly description: string;
  readonly load: () => Promise<(program: Command) => unknown>;
}

/**
 * Registers the command that `args` runs from its module, and every other command as its name
 * and description only: `vsynth --help` then lists them all without importing a command module
 * (and, through them, @vsynth/core and its schemas).
 *
 * @example
 * await registerCommands(
 *   program,
 *   [
 *     {
 *       name: 'compile',
 *       description: 'Compile a TSX video',
 *       load: async () => (await import('./commands/compile.js')).registerCompile,
 *     },
 *   ],
 *   process.argv.slice(2),
 * );
 */
export async function registerCommands(
  program: Command,
  commands: readonly LazyCommand[],
  args: readonly string[],
): Promise<void> {
  const wanted = commandNameIn(args);
  for (const command of commands) {
    if (command.name === wanted) (await command.load())(program);
    else program.command(command.name).description(command.description);
  }
}

/**
 * The command `args` (the arguments after `vsynth`) runs: the first operand, or the one after
 * `help`. `vsynth` has no option that takes a value before the command, so this is exact.
 *
 * @example commandNameIn(['help', 'batch']) // 'batch'
 */
export function commandNameIn(args: readonly string[]): string | undefined {
  const operands = args.filter((arg) => !arg.startsWith('-'));
  return operands[0] === 'help' ? operands[1] : operands[0];
}
