/**
 * `vsynth preview <file.tsx|payload.json> --out DIR`: draws each scene to SVG and PNG, a contact
 * sheet, and with `--mp4` an MP4 draft (ffmpeg, espeak-ng for speech). Nothing is sent anywhere.
 */
import { dirname, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { formatIssues, isValidationError, omitUndefined, parseJsonText, UsageError, type Issue } from '@vsynth/core';
// The TSX compiler and the renderer (fontkit, resvg) load only when the command runs.
import type { Draft, Storyboard } from '@vsynth/preview';
import { parseNumberOption } from '../option-parsers.js';
import { readPropsWithOrigin } from '../read-props-option.js';
import { readTextFile } from '../read-text-file.js';
import { refuseWarnings, STRICT_HELP } from '../strict-warnings.js';
import { NO_CHECKS_HELP } from '../checked-compile.js';

export interface PreviewCommandOptions {
  readonly out: string;
  /** Props for a TSX component export: inline JSON (`{"name":"Ana"}`) or a JSON file. */
  readonly props?: string;
  /** TSX: compile to `v3` or `legacy`; default v3, falling back to legacy when only that compiles. */
  readonly target?: 'v3' | 'legacy';
  /** TSX, v3: variant `A` (default) or `B`. */
  readonly variant?: 'A' | 'B';
  /** PNG size relative to the canvas, as typed (`0.25`). */
  readonly scale?: string;
  readonly mp4?: boolean;
  /** Canvas of a legacy payload, which does not state one (a TSX video compiled to legacy too). */
  readonly orientation?: 'landscape' | 'portrait';
  /** Timeout of each http(s) asset fetch in ms, as typed. */
  readonly timeout?: string;
  /** The video's warnings (layout, speech, assets, colours) stop the preview before anything is drawn. */
  readonly strict?: boolean;
  /** `--no-checks`: false skips compile's layout and speech checks and the text measured while drawing. */
  readonly checks?: boolean;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
}

/** What `vsynth preview` prints on stdout. */
export interface PreviewCommandResult {
  readonly storyboard: Storyboard;
  readonly draft?: Draft;
}

/**
 * Registers `vsynth preview`. Exit 0 with a JSON summary on stdout (warnings on stderr), 2 for
 * a bad option, an unreadable file or `--mp4` without ffmpeg, 3 for an invalid payload or TSX.
 *
 * @example registerPreview(program) // vsynth preview examples/promo.tsx --out preview --mp4
 */
export function registerPreview(program: Command): void {
  program
    .command('preview')
    .description('Draw a TSX video or a payload JSON as storyboard PNGs (and an MP4 draft) without spending cubes')
    .argument('<file>', '.tsx video (default export) or a v3/legacy payload .json')
    .requiredOption('--out <dir>', 'directory for scene-NNN.svg/.png, contact-sheet.png and draft.mp4')
    .option('--props <json>', 'props for a TSX component export: inline JSON or a JSON file')
    .addOption(
      new Option(
        '--target <target>',
        'TSX: draw the v3 or the legacy payload (default v3, else legacy when only that compiles)',
      ).choices(['v3', 'legacy']),
    )
    .addOption(new Option('--variant <variant>', 'TSX, v3: variant A (default) or B').choices(['A', 'B']))
    .option('--scale <n>', 'PNG size relative to the canvas (0.25 = thumbnails; default 1)')
    .option('--mp4', 'also write draft.mp4 (needs ffmpeg; espeak-ng adds speech)')
    .addOption(
      new Option('--orientation <orientation>', 'canvas of a legacy payload (default landscape)').choices([
        'landscape',
        'portrait',
      ]),
    )
    .option('--timeout <ms>', 'timeout of each http(s) image fetch (default 5000)')
    .option(
      '--strict',
      `${STRICT_HELP}; text found overflowing its box while drawing fails it after drawing (this machine's missing fonts or unreachable images stay warnings)`,
    )
    .option('--no-checks', NO_CHECKS_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  vsynth preview examples/promo.tsx --out preview\n  vsynth preview examples/legacy.tsx --target legacy --out preview\n  vsynth preview payload.json --out preview --scale 0.25 --mp4',
    )
    .action(async (file: string, options: PreviewCommandOptions) => {
      await runPreview(file, options);
    });
}

/**
 * Compiles a TSX video for drawing. Without `--target`, a video that only compiles to legacy
 * (avatars given by key, no model objects) is drawn from its legacy payload, with a note.
 */
async function compileForPreview(
  file: string,
  options: PreviewCommandOptions,
  stderr: { write(text: string): unknown },
): Promise<{ payload: unknown; locate: (found: readonly Issue[]) => Issue[] }> {
  const { compileFile, locateIssues } = await import('@vsynth/jsx-runtime');
  if (options.target === 'legacy' && options.variant !== undefined)
    throw new UsageError('--variant applies to v3; a legacy payload has none.');
  const given = options.props === undefined ? undefined : await readPropsWithOrigin(options.props);
  const props = omitUndefined({ props: given?.props, propsOrigin: given?.origin });
  const checks = options.checks !== false;
  const v3 = { ...props, checks, target: 'v3' as const, ...omitUndefined({ variant: options.variant }) };
  // The legacy payload states no orientation: the same --orientation converts and draws it.
  const legacy = {
    ...props,
    checks,
    target: 'legacy' as const,
    ...omitUndefined({ orientation: options.orientation }),
  };
  let compiled;
  try {
    compiled = await compileFile(file, options.target === 'legacy' ? legacy : v3);
  } catch (error) {
    if (options.target !== undefined || options.variant !== undefined || !isValidationError(error)) throw error;
    // A storyboard needs no variant: a video without an avatar is drawn as variant B, one without
    // model objects from its legacy payload.
    const reason = error.issues[0]?.message ?? error.message;
    const noAvatar = error.issues.some((item) => item.message.startsWith('variant A needs an avatar'));
    const [fallback, drawn, skip] = noAvatar
      ? [{ ...v3, variant: 'B' as const }, 'its v3 variant B', '--variant B']
      : [legacy, 'its legacy payload', '--target legacy'];
    try {
      compiled = await compileFile(file, fallback);
    } catch {
      throw error;
    }
    stderr.write(
      `vsynth: ${file} does not compile to v3${noAvatar ? ' variant A' : ''} (${reason}); drawing ${drawn}. Pass ${skip} to skip this note.\n`,
    );
  }
  refuseWarnings(compiled.warnings, file, options.strict);
  if (compiled.warnings.length > 0) stderr.write(`${formatIssues(compiled.warnings)}\n`);
  const result = compiled;
  return { payload: compiled.payload, locate: (found) => locateIssues(result, found) };
}

/**
 * Loads the file, renders the storyboard (and draft) and prints the summary.
 *
 * @example await runPreview('payload.json', { out: 'preview', scale: '0.5' })
 */
export async function runPreview(file: string, options: PreviewCommandOptions): Promise<PreviewCommandResult> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const scale =
    options.scale === undefined ? 1 : parseNumberOption('--scale', options.scale, { aboveMin: true, max: 8 });
  const timeoutMs =
    options.timeout === undefined
      ? 5000
      : parseNumberOption('--timeout', options.timeout, { aboveMin: true, max: 600_000 });
  const { createAssetLoader, renderDraft, renderStoryboard } = await import('@vsynth/preview');
  let payload: unknown;
  // Drawing finds problems by payload path; from TSX they are shown at the element that wrote them.
  let locate = (found: readonly Issue[]): Issue[] => [...found];
  if (/\.[cm]?tsx?$/.test(file)) {
    ({ payload, locate } = await compileForPreview(file, options, stderr));
  } else if (/\.json$/i.test(file)) {
    for (const [given, option] of [
      [options.props, '--props'],
      [options.target, '--target'],
      [options.variant, '--variant'],
    ] as const) {
      if (given !== undefined)
        throw new UsageError(`${option} applies to a .tsx video; a payload .json is drawn as it is.`);
    }
    payload = parseJsonText(await readTextFile(file, { what: 'payload' }), { source: file });
  } else {
    throw new UsageError(`${file} is neither a .tsx video nor a payload .json file.`);
  }
  const baseDir = dirname(resolve(file));
  const common = {
    baseDir,
    timeoutMs,
    // The storyboard and the draft load each image once between them.
    loadAsset: createAssetLoader({ baseDir, timeoutMs }),
    ...omitUndefined({ orientation: options.orientation }),
  };
  const storyboard = await renderStoryboard(payload, { ...common, outDir: options.out, scale });
  // Under --strict the measured layout (text overflow) fails the command too, after drawing it to look at.
  const [measured, notes] = partition(locate(storyboard.warnings), (warning) => warning.code === 'layout');
  const layout = options.checks === false ? [] : measured;
  if (options.strict !== true) notes.push(...layout);
  if (notes.length > 0) stderr.write(`${formatIssues(notes)}\n`);
  stderr.write(
    `vsynth: ${storyboard.scenes.length} scene(s), about ${storyboard.totalSeconds} s: ${storyboard.contactSheetPath}\n`,
  );
  let draft: Draft | undefined;
  if (options.mp4 === true) {
    draft = await renderDraft(payload, { ...common, out: join(resolve(options.out), 'draft.mp4') });
    const extra = draft.warnings.filter(
      (warning) => !storyboard.warnings.some((seen) => seen.message === warning.message),
    );
    if (extra.length > 0) stderr.write(`${formatIssues(locate(extra))}\n`);
    stderr.write(`vsynth: draft ${draft.path} (${draft.durationSeconds} s, ${draft.audio})\n`);
  }
  const result: PreviewCommandResult = draft ? { storyboard, draft } : { storyboard };
  if (options.strict === true) refuseWarnings(layout, file, true);
  stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result;
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
