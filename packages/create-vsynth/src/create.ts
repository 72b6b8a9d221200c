/**
 * `create-vsynth [dir] [--template basic|batch|library]`, as `npm create vsynth@latest` runs it.
 * On a terminal with no arguments it asks for the folder and the template; otherwise it never
 * asks. Exit 0 with the project written, 2 for bad arguments or a file it would overwrite.
 */
import { parseArgs } from 'node:util';
import { askProject, type Prompter } from './ask-project.js';
import {
  createdMessage,
  isTemplateName,
  ownVersion,
  ScaffoldConflictError,
  scaffold,
  TEMPLATE_NAMES,
  type TemplateName,
} from './scaffold.js';

export interface CreateIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Present only when both stdin and stdout are a terminal. */
  readonly prompter?: Prompter;
  readonly cwd?: string;
}

const USAGE = `Usage: npm create vsynth@latest [dir] -- [--template basic|batch|library]
       npx create-vsynth [dir] [--template basic|batch|library]

  dir                  folder of the new project (created if missing; default my-video)
  --template <name>    basic: one video; batch: one video per CSV row; library: a build script using the API
  -y, --yes            ask nothing, take the defaults
  -h, --help           this help
  -v, --version        the version, which the project's @vsynth/* dependencies share
`;

/** Runs the command with `args` (without node and the script); resolves with the exit code. */
export async function create(args: readonly string[], io: CreateIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.stderr.write(`create-vsynth: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (values.version) {
    io.stdout.write(`${await ownVersion()}\n`);
    return 0;
  }
  if (positionals.length > 1) {
    io.stderr.write(`create-vsynth: one folder at most, got ${positionals.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  if (values.template !== undefined && !isTemplateName(values.template)) {
    io.stderr.write(
      `create-vsynth: unknown template "${values.template}"; choose one of ${TEMPLATE_NAMES.join(', ')}\n`,
    );
    return 2;
  }
  let dir = positionals[0];
  let template = values.template as TemplateName | undefined;
  if (args.length === 0 && io.prompter !== undefined) ({ dir, template } = await askProject(io.prompter));
  dir ??= 'my-video';
  try {
    const scaffolded = await scaffold(dir, {
      template: template ?? 'basic',
      ...(io.cwd !== undefined && { cwd: io.cwd }),
    });
    io.stdout.write(createdMessage(dir, scaffolded, io.cwd));
    return 0;
  } catch (error) {
    if (!(error instanceof ScaffoldConflictError)) throw error;
    io.stderr.write(`create-vsynth ${error.message}\n`);
    return 2;
  }
}

function parse(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      template: { type: 'string', short: 't' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
