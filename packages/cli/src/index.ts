/**
 * The `vsynth` command; each command lives in `commands/<name>.ts` and only this file calls
 * `process.exit`. Start-up stays cheap: only the module of the command that runs is imported, and
 * it imports its heavy packages with `await import()` when it runs.
 */
import { Command, CommanderError, Help } from 'commander';
import { EXIT_CODES_HELP, ExitCode } from './exit-codes.js';
import { registerCommands, type LazyCommand } from './lazy-command.js';
import { measuresText } from './measures-text.js';
import { prestartTextMeasurer } from './text-measurer.js';

// `pnpm vsynth …` runs this script from the workspace root; file arguments are meant relative to
// the directory the user typed the command in, which pnpm and npm pass as INIT_CWD.
const invokedFrom = process.env['INIT_CWD'];
if (process.env['npm_lifecycle_event'] === 'vsynth' && invokedFrom !== undefined && invokedFrom !== process.cwd()) {
  process.chdir(invokedFrom);
}

// Fonts for the text checks load on a thread of their own; started first, they are ready sooner.
if (measuresText(process.argv.slice(2))) prestartTextMeasurer();

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
      Array.isArray(option.defaultValue) && option.defaultValue.length === 0
        ? option.description
        : new Help().optionDescription(option),
  })
  .exitOverride();

// One line per command: name, its description in `vsynth --help` (the same text as the module's;
// test/help-cli.test.ts checks), and its module, imported only when that command runs.
const commands: readonly LazyCommand[] = [
  {
    name: 'validate',
    description: 'Check a request body (JSON file) against the service spec; print every problem with its path',
    load: async () => (await import('./commands/validate.js')).registerValidate,
  },
  {
    name: 'submit',
    description: 'Compile a TSX video (or read a JSON payload) and create the project; print the answer as JSON',
    load: async () => (await import('./commands/submit.js')).registerSubmit,
  },
  {
    name: 'modify',
    description:
      'Replace title/subtitle/script texts of a project by key (title, subtitles_2, scripts_1…); print the answer as JSON',
    load: async () => (await import('./commands/modify.js')).registerModify,
  },
  {
    name: 'edit',
    description: 'Change clip values of the project with this key; print the answer as JSON',
    load: async () => (await import('./commands/edit.js')).registerEdit,
  },
  {
    name: 'dub',
    description: 'Upload a video to be dubbed into 1–10 languages; print {folderId} (or the finished job with --wait)',
    load: async () => (await import('./commands/dub.js')).registerDub,
  },
  {
    name: 'progress',
    description: 'Print the progress of a dubbing job ({projectId, name, progress, download_url}) as JSON',
    load: async () => (await import('./commands/progress.js')).registerProgress,
  },
  {
    name: 'audio',
    description: 'Create speech audio through the legacy audio endpoint; print the answer as JSON',
    load: async () => (await import('./commands/audio.js')).registerAudio,
  },
  {
    name: 'find',
    description: 'Fetch a legacy project by key; print the answer as JSON',
    load: async () => (await import('./commands/find.js')).registerFind,
  },
  {
    name: 'webhook',
    description: 'Receive webhook deliveries',
    load: async () => (await import('./commands/webhook.js')).registerWebhook,
  },
  {
    name: 'compile',
    description: 'Compile a TSX video (default export) to a v3 or legacy payload; print it as JSON',
    load: async () => (await import('./commands/compile.js')).registerCompile,
  },
  {
    name: 'schema',
    description: "Print the JSON Schema of a video's props (its exported zod schema), for editors and tools",
    load: async () => (await import('./commands/schema.js')).registerSchema,
  },
  {
    name: 'assets',
    description: 'List the local files a TSX video uses with size, content hash and hosted address; print JSON',
    load: async () => (await import('./commands/assets.js')).registerAssets,
  },
  {
    name: 'sandbox',
    description: 'Run a local implementation of the whole service interface (v3 and legacy on one port) until Ctrl-C',
    load: async () => (await import('./commands/sandbox.js')).registerSandbox,
  },
  {
    name: 'batch',
    description: 'Bind each data row through a template and send one modify or create request per row, resumably',
    load: async () => (await import('./commands/batch.js')).registerBatch,
  },
  {
    name: 'worker',
    description: 'Run rows of queued batches (vsynth batch --queue) from Redis until Ctrl-C; start as many as you like',
    load: async () => (await import('./commands/worker.js')).registerWorker,
  },
  {
    name: 'preview',
    description: 'Draw a TSX video or a payload JSON as storyboard PNGs (and an MP4 draft) without spending cubes',
    load: async () => (await import('./commands/preview.js')).registerPreview,
  },
  {
    name: 'import',
    description:
      'Turn a payload JSON (v3 create, legacy, or a stored project record) into a TSX video and an avatars module',
    load: async () => (await import('./commands/import.js')).registerImport,
  },
  {
    name: 'diff',
    description:
      'Compare two videos (TSX or payload JSON, v3 or legacy) by what changes on screen; exit 1 when they differ',
    load: async () => (await import('./commands/diff.js')).registerDiff,
  },
  {
    name: 'init',
    description:
      'Start a project of your own: package.json, tsconfig, video.tsx, avatars.ts (a batch or a build script with --template)',
    load: async () => (await import('./commands/init.js')).registerInit,
  },
  {
    name: 'studio',
    description:
      'Serve a live local page of a TSX video: storyboard, payloads, slots, cubes and problems, redrawn on every save',
    load: async () => (await import('./commands/studio.js')).registerStudio,
  },
];
await registerCommands(program, commands, process.argv.slice(2));

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
  process.exitCode = await report(error);
}

async function report(error: unknown): Promise<number> {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0)
      return ExitCode.ok;
    return ExitCode.usage;
  }
  // Loaded here, not at start-up: @vsynth/core's schemas would double the time of `vsynth --help`.
  const [{ configuredSecrets, isVsynthError, redactSecrets }, { exitCodeFor }] = await Promise.all([
    import('@vsynth/core'),
    import('./exit-code-for.js'),
  ]);
  if (isVsynthError(error)) {
    // A message may quote a configured secret (an echoed answer, a file name): never print it.
    process.stderr.write(`vsynth: ${redactSecrets(error.message, configuredSecrets())}\n`);
    return exitCodeFor(error);
  }
  const message = redactSecrets(error instanceof Error ? error.message : String(error), configuredSecrets());
  process.stderr.write(`vsynth: internal error: ${message}\nPlease report this with the command you ran.\n`);
  if (process.env['VSYNTH_DEBUG'] && error instanceof Error)
    process.stderr.write(`${redactSecrets(error.stack ?? '', configuredSecrets())}\n`);
  return ExitCode.internal;
}
