/**
 * The `vsynth` command: validate, compile, submit, batch, preview and run the local sandbox.
 * Each command lives in `commands/<name>.ts`; only this file calls `process.exit`.
 * Registering a command must stay cheap: a command module imports its heavy packages (TSX
 * compiler, renderer, sandbox, templates) with `await import()` when it runs, so `vsynth --help`
 * and every other command do not load them (lazy-imports.test.ts checks).
 */
import { Command, CommanderError, Help } from 'commander';
import { configuredSecrets, isVsynthError, redactSecrets } from '@vsynth/core';
import { EXIT_CODES_HELP, ExitCode, exitCodeFor } from './exit-codes.js';
import { registerValidate } from './commands/validate.js';
import { registerSubmit } from './commands/submit.js';
import { registerModify } from './commands/modify.js';
import { registerEdit } from './commands/edit.js';
import { registerDub } from './commands/dub.js';
import { registerProgress } from './commands/progress.js';
import { registerAudio } from './commands/audio.js';
import { registerFind } from './commands/find.js';
import { registerWebhook } from './commands/webhook.js';
import { registerCompile } from './commands/compile.js';
import { registerSandbox } from './commands/sandbox.js';
import { registerBatch } from './commands/batch.js';
import { registerPreview } from './commands/preview.js';

// `pnpm vsynth …` runs this script from the workspace root; file arguments are meant relative to
// the directory the user typed the command in, which pnpm and npm pass as INIT_CWD.
const invokedFrom = process.env['INIT_CWD'];
if (process.env['npm_lifecycle_event'] === 'vsynth' && invokedFrom !== undefined && invokedFrom !== process.cwd()) {
  process.chdir(invokedFrom);
}

// A reader that stops early (`vsynth compile x.tsx | head`) closes the pipe: stop quietly, as
// Unix tools do, instead of dying on EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? ExitCode.ok);
  });
}

const program = new Command('vsynth')
  .description('Author AI-avatar videos as TSX, validate and submit them, run batches and a local sandbox.')
  .addHelpText('after', EXIT_CODES_HELP)
  .showHelpAfterError('(run with --help for usage)')
  .configureHelp({
    // Repeatable options start from []; "(default: [])" tells a reader nothing.
    optionDescription: (option) =>
      Array.isArray(option.defaultValue) && option.defaultValue.length === 0 ? option.description : new Help().optionDescription(option),
  })
  .exitOverride();

registerValidate(program);
registerSubmit(program);
registerModify(program);
registerEdit(program);
registerDub(program);
registerProgress(program);
registerAudio(program);
registerFind(program);
registerWebhook(program);
registerCompile(program);
registerSandbox(program);
registerBatch(program);
registerPreview(program);

// Every command's --help ends with the exit codes, so a script author finds them where they look.
const withExitCodes = (command: Command): void => {
  for (const sub of command.commands) {
    sub.addHelpText('after', EXIT_CODES_HELP);
    withExitCodes(sub);
  }
};
withExitCodes(program);

try {
  await program.parseAsync(process.argv);
  process.exitCode ??= ExitCode.ok;
} catch (error) {
  process.exitCode = report(error);
}

function report(error: unknown): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return ExitCode.ok;
    return ExitCode.usage;
  }
  if (isVsynthError(error)) {
    // A message may quote a configured secret (an echoed answer, a file name): never print it.
    process.stderr.write(`vsynth: ${redactSecrets(error.message, configuredSecrets())}\n`);
    return exitCodeFor(error);
  }
  const message = redactSecrets(error instanceof Error ? error.message : String(error), configuredSecrets());
  process.stderr.write(`vsynth: internal error: ${message}\nPlease report this with the command you ran.\n`);
  if (process.env['VSYNTH_DEBUG'] && error instanceof Error) process.stderr.write(`${redactSecrets(error.stack ?? '', configuredSecrets())}\n`);
  return ExitCode.internal;
}
