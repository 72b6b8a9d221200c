/**
 * `vsynth dub VIDEO --to es-ES,fr-FR`: uploads a video for dubbing (streamed from disk) and
 * prints `{folderId}`; `--wait` polls progress (on stderr) and prints the finished job.
 */
import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError, isApiError, omitUndefined, type DubbingUploadRequest } from '@vsynth/core';
import { clientFromEnv, printJson, processIo, type CommandIo } from '../client-env.js';
import { collectRepeated, parseNumberOption } from '../option-parsers.js';

export interface DubOptions {
  readonly to: string;
  readonly from?: string;
  readonly srt?: string;
  readonly targetSrt: readonly string[];
  readonly dubbingOnly?: boolean;
  readonly removeBgm?: boolean;
  readonly captions?: boolean;
  readonly speakers?: string;
  readonly wait?: boolean;
  readonly interval?: string;
  readonly stallTimeout?: string;
}

/**
 * @example registerDub(program) // vsynth dub talk.mp4 --to es-ES,fr-FR --target-srt fr-FR=fr.srt --wait
 */
export function registerDub(program: Command): void {
  program
    .command('dub')
    .description('Upload a video to be dubbed into 1–10 languages; print {folderId} (or the finished job with --wait)')
    .argument('<video>', 'video file (streamed, never read into memory)')
    .requiredOption('--to <codes>', 'target language codes, comma-separated (e.g. es-ES,fr-FR)')
    .option('--from <code>', 'original language code (default auto)')
    .option('--srt <file>', 'original subtitle file')
    .option('--target-srt <lang=file>', 'subtitle file for one target language, repeatable', collectRepeated, [])
    .option('--dubbing-only', 'voice-only dubbing (isDubbingOnly)')
    .option('--remove-bgm', 'remove background music (isRemoveBGM)')
    .option('--captions', 'add subtitles (isCaptionFile)')
    .option('--speakers <n>', 'number of speakers: auto or 1–5')
    .option('--wait', 'poll until the dubbed video is ready and print the final progress')
    .option('--interval <seconds>', 'first delay between polls with --wait (default 2)')
    .option(
      '--stall-timeout <seconds>',
      'with --wait, give up when progress has not changed for this long (default 600)',
    )
    .addHelpText('after', '\nExample:\n  vsynth dub talk.mp4 --to es-ES,fr-FR --from en-US --speakers 2 --wait')
    .action(async (video: string, options: DubOptions) => {
      await runDub(video, options);
    });
}

/** Uploads and prints `{folderId}`, or with `--wait` `{folderId, ...finalProgress}`. */
export async function runDub(video: string, options: DubOptions, io: CommandIo = processIo): Promise<void> {
  const targets = options.to
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const targetSrts: Record<string, string> = {};
  for (const pair of options.targetSrt) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1)
      throw new UsageError(`--target-srt takes LANG=FILE (e.g. fr-FR=fr.srt), got "${pair}".`);
    targetSrts[pair.slice(0, at)] = pair.slice(at + 1);
  }
  await requireFile('the video', video);
  if (options.srt !== undefined) await requireFile('--srt', options.srt);
  for (const [lang, file] of Object.entries(targetSrts)) await requireFile(`--target-srt ${lang}=`, file);
  const request: DubbingUploadRequest = {
    file: video,
    targets,
    ...omitUndefined({ original: options.from, originalSrt: options.srt, numberOfSpeakers: options.speakers }),
    ...(Object.keys(targetSrts).length === 0 ? {} : { targetSrts }),
    ...(options.dubbingOnly === true ? { isDubbingOnly: true } : {}),
    ...(options.removeBgm === true ? { isRemoveBGM: true } : {}),
    ...(options.captions === true ? { isCaptionFile: true } : {}),
  };
  const client = clientFromEnv(io);
  const uploaded = await client.uploadDubbing(request);
  if (options.wait !== true) {
    printJson(uploaded, io);
    return;
  }
  io.stderr.write(`uploaded; folderId ${uploaded.folderId}\n`);
  const done = await client.waitForDubbing(uploaded.folderId, {
    ...(options.interval === undefined
      ? {}
      : { intervalMs: parseNumberOption('--interval', options.interval, { min: 1, integer: true }) * 1000 }),
    ...(options.stallTimeout === undefined
      ? {}
      : {
          stallTimeoutMs: parseNumberOption('--stall-timeout', options.stallTimeout, { min: 1, integer: true }) * 1000,
        }),
    onProgress: ({ progress }) => {
      io.stderr.write(`dubbing ${uploaded.folderId}: ${progress.progress}%\n`);
    },
    onPollError: ({ error, delayMs }) => {
      const why = isApiError(error) ? `status ${error.status}` : 'no answer';
      io.stderr.write(
        `dubbing ${uploaded.folderId}: progress unavailable (${why}); polling again in ${(delayMs / 1000).toFixed(1)} s\n`,
      );
    },
  });
  printJson({ folderId: uploaded.folderId, ...done }, io);
}

/** A file named on the command line that cannot be read is a usage error (exit 2), as in every command. */
async function requireFile(what: string, path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  const named = what.endsWith('=') ? `${what}${path}` : `${what} ${path}`;
  if (info === undefined) throw new UsageError(`Cannot read ${named}: no such file. Check the path.`);
  if (!info.isFile()) throw new UsageError(`${named.charAt(0).toUpperCase()}${named.slice(1)} is not a file.`);
}
