/**
 * `vsynth studio <file.tsx>`: a live local web page showing the video's storyboard, payloads
 * (v3 A, v3 B, legacy), slot map, duration, cubes and problems, redrawn on every save. Runs
 * until Ctrl-C; a video that does not compile is shown on the page, never a reason to stop.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Command } from 'commander';
import { UsageError, omitUndefined } from '@vsynth/core';
import { firstSignal } from '../first-signal.js';
import { collectHostName, numberOption } from '../option-parsers.js';
import { isInlineProps, readPropsOption } from '../read-props-option.js';

export interface StudioCommandOptions {
  readonly props?: string;
  readonly data?: string;
  /** A Handlebars payload template (`.json`) bound to each row of `--data`, instead of a `.tsx`. */
  readonly template?: string;
  readonly port?: number;
  readonly host?: string;
  /** `--allowed-host`, repeatable: names answered besides localhost and IP addresses. */
  readonly allowedHost?: readonly string[];
  /** commander's `--no-open`: false when given. */
  readonly open?: boolean;
  /** Resolves when the studio should stop. Default: the first SIGINT or SIGTERM. */
  readonly until?: Promise<unknown>;
  readonly stdout?: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr?: { write(text: string): unknown };
}

/**
 * Registers `vsynth studio`. Exit 0 after Ctrl-C; 2 for a bad option, a missing file or a port
 * in use.
 *
 * @example registerStudio(program) // vsynth studio examples/promo.tsx --port 0 --no-open
 */
export function registerStudio(program: Command): void {
  program
    .command('studio')
    .description(
      'Serve a live local page of a TSX video: storyboard, payloads, slots, cubes and problems, redrawn on every save',
    )
    .argument('[file]', '.tsx video (default export), or a TSX template with --data')
    .option('--props <json|file>', 'props of a component default export: inline JSON, or a JSON file (watched)')
    .option(
      '--data <file>',
      'rows (.csv, .tsv, .json, .ndjson, .jsonl) to bind, one at a time, with a row picker (watched)',
    )
    .option('--template <file>', 'a Handlebars payload template (.json) to bind to the --data rows instead of a .tsx')
    .option(
      '--port <port>',
      'port to listen on; 0 picks a free one (default 0)',
      numberOption('--port', { max: 65_535, integer: true }),
    )
    .option('--host <host>', 'interface to listen on (default 127.0.0.1)')
    .option(
      '--allowed-host <name>',
      'also answer requests whose Host is this name (localhost and IP addresses always are; .name allows subdomains); repeatable',
      collectHostName,
      [] as string[],
    )
    .option('--no-open', 'do not open the page in a browser (it opens only when stdout is a terminal)')
    .addHelpText(
      'after',
      '\nPrints one JSON line on stdout when ready: {"url"}; GET /state.json (?row=N, default 1) and /events (server-sent events) serve scripts.\n' +
        "Answers only Hosts it knows (localhost, *.localhost, IP addresses, --allowed-host names) and no other site's pages (Origin): 403 otherwise.\n" +
        'Examples:\n  vsynth studio examples/promo.tsx\n  vsynth studio examples/library-demo.tsx --props examples/library-demo.props.json\n' +
        '  vsynth studio examples/batch/create-per-row/welcome.tsx --data examples/batch/create-per-row/customers.csv\n' +
        '  vsynth studio --template payload.json --data people.csv --port 0 --no-open',
    )
    .action(async (file: string | undefined, options: StudioCommandOptions) => {
      await runStudio(file, options);
    });
}

/**
 * @example await runStudio('examples/promo.tsx', { port: 0, open: false })
 */
export async function runStudio(file: string | undefined, options: StudioCommandOptions = {}): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const { DATA_FILE_EXTENSIONS } = await import('@vsynth/templates');
  checkSources(file, options, DATA_FILE_EXTENSIONS);
  const props = options.props === undefined ? undefined : await propsFile(options.props);
  const { startStudio } = await import('@vsynth/studio');
  let studio;
  try {
    studio = await startStudio({
      ...omitUndefined({ file, template: options.template, props: props?.path, data: options.data }),
      port: options.port ?? 0,
      host: options.host ?? '127.0.0.1',
      allowedHosts: options.allowedHost ?? [],
      onRebuild: ({ version, ok }) =>
        stderr.write(`studio: version ${version}${ok ? '' : ' (does not compile; see the page)'}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new UsageError(
        `Cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0} (${code}): pick another --port, or --port 0 for a free one.`,
        { cause: error },
      );
    }
    throw error;
  }
  const stop = options.until ?? firstSignal();
  stdout.write(`${JSON.stringify({ url: studio.url })}\n`);
  stderr.write(`vsynth studio on ${studio.url} watching ${studio.watched().length} file(s); Ctrl-C stops it.\n`);
  if (options.open !== false && stdout.isTTY === true) openBrowser(studio.url, stderr);
  await stop;
  await studio.close();
  await props?.remove();
  stderr.write('studio: stopped\n');
}

/** The studio watches a props file: inline `--props` JSON is checked and written to a temporary one. */
async function propsFile(value: string): Promise<{ path: string; remove(): Promise<void> }> {
  if (!isInlineProps(value)) return { path: value, remove: async () => {} };
  const props = await readPropsOption(value);
  const dir = await mkdtemp(join(tmpdir(), 'vsynth-studio-props-'));
  const path = join(dir, 'props.json');
  await writeFile(path, JSON.stringify(props));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

function checkSources(
  file: string | undefined,
  options: StudioCommandOptions,
  dataExtensions: readonly string[],
): void {
  if (file === undefined && options.template === undefined)
    throw new UsageError(
      'Give the .tsx video to show (vsynth studio video.tsx), or --template payload.json with --data rows.csv.',
    );
  if (file !== undefined && options.template !== undefined)
    throw new UsageError('Give either a .tsx file or --template, not both: a .tsx with --data is itself the template.');
  if (file !== undefined && !/\.[cm]?tsx?$/.test(file))
    throw new UsageError(
      `${file} is not a .tsx file; give the TSX file whose default export is the video (a payload template goes in --template).`,
    );
  if (options.template !== undefined) {
    if (extname(options.template).toLowerCase() !== '.json')
      throw new UsageError(
        `--template takes a Handlebars payload template (.json); a .tsx template is given as the file: vsynth studio ${options.template} --data …`,
      );
    if (options.data === undefined) throw new UsageError('--template needs --data: the rows to bind the template to.');
    if (options.props !== undefined)
      throw new UsageError(
        '--props applies to a .tsx component; a payload template takes its values from --data rows.',
      );
  }
  if (options.data !== undefined && !dataExtensions.includes(extname(options.data).toLowerCase())) {
    throw new UsageError(
      `Cannot tell the format of data file ${options.data}: use one of ${dataExtensions.join(', ')}.`,
    );
  }
  if (options.data !== undefined && options.props !== undefined)
    throw new UsageError('Give --props or --data, not both: with --data each row is the props.');
  for (const [given, what] of [
    [file, 'video'],
    [options.template, '--template'],
    [options.props !== undefined && isInlineProps(options.props) ? undefined : options.props, '--props'],
    [options.data, '--data'],
  ] as const) {
    if (given !== undefined && !existsSync(given))
      throw new UsageError(`Cannot read ${given} (${what}): no such file.`);
  }
}

/** The system's opener; a machine without one (a server, CI) just keeps the printed URL. */
function openBrowser(url: string, stderr: { write(text: string): unknown }): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => stderr.write(`studio: could not open a browser; open ${url} yourself.\n`));
    child.unref();
  } catch {
    stderr.write(`studio: could not open a browser; open ${url} yourself.\n`);
  }
}
