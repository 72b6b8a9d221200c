import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { issue, UsageError, VsynthError, type Issue } from '@vsynth/core';
import { drawScenes, type DrawOptions } from '../draw-scenes.js';
import { findExecutable } from './find-executable.js';
import { runProgram } from './run-program.js';
import { makeOutputDir } from '../write-output.js';

export interface RenderDraftOptions extends Omit<DrawOptions, 'limit'> {
  /** MP4 file to write (its directory is created). */
  readonly out: string;
  /** Frame size relative to the canvas (default 0.5: 960x540 for landscape). */
  readonly scale?: number;
  /** Frames per second (default 25). */
  readonly fps?: number;
  /** Speak the scripts with espeak-ng when installed (default true). */
  readonly speech?: boolean;
  /** PATH searched for ffmpeg and espeak-ng (default `process.env.PATH`). */
  readonly searchPath?: string;
}

export interface DraftScene {
  readonly index: number;
  readonly durationSeconds: number;
  /** True when the scene's audio is espeak-ng speech, false when silent. */
  readonly spoken: boolean;
}

export interface Draft {
  readonly path: string;
  readonly bytes: number;
  /** Sum of the scenes' estimated durations: the length of the MP4. */
  readonly durationSeconds: number;
  readonly scenes: readonly DraftScene[];
  /** `espeak-ng` when speech was synthesised, `silent` otherwise. */
  readonly audio: 'espeak-ng' | 'silent';
  readonly warnings: readonly Issue[];
}

/** The message shown when ffmpeg is missing: what to install, per platform. */
export const FFMPEG_MISSING_MESSAGE =
  'ffmpeg was not found on PATH: the MP4 draft needs it. ' +
  'Install it (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), ' +
  'or render PNGs only with renderStoryboard / `vsynth preview` without --mp4. ' +
  'For spoken drafts also install espeak-ng (apt-get install espeak-ng).';

// espeak-ng voice for each dubbing language subtag where the two differ.
const ESPEAK_VOICES: Readonly<Record<string, string | undefined>> = { zh: 'cmn', en: 'en-us', fil: undefined };

/**
 * The espeak-ng voice for a language subtag, or undefined when espeak-ng has none.
 *
 * @example espeakVoice('en') // 'en-us'
 */
export function espeakVoice(lang: string): string | undefined {
  return lang in ESPEAK_VOICES ? ESPEAK_VOICES[lang] : lang;
}

/**
 * Renders an MP4 of the storyboard of a v3 or legacy payload, each scene as long as its estimate, spoken by
 * espeak-ng when installed. Needs ffmpeg on PATH, looked up on each call.
 *
 * @example
 * const draft = await renderDraft(payload, { out: 'preview/draft.mp4' })
 * console.log(draft.durationSeconds, draft.audio)
 */
export async function renderDraft(payload: unknown, options: RenderDraftOptions): Promise<Draft> {
  const ffmpeg = findExecutable('ffmpeg', options.searchPath);
  if (!ffmpeg) throw new UsageError(FFMPEG_MISSING_MESSAGE);
  const espeak = options.speech === false ? undefined : findExecutable('espeak-ng', options.searchPath);
  const fps = options.fps ?? 25;
  const drawn = await drawScenes(payload, { ...options, scale: options.scale ?? 0.5 });
  const warnings: Issue[] = [...drawn.warnings];
  if (drawn.scenes.length === 0) {
    throw new UsageError('The payload has no scenes: there is nothing to put in an MP4 draft');
  }
  if (!espeak && options.speech !== false) {
    const message = 'espeak-ng is not installed: the draft is silent (apt-get install espeak-ng for speech)';
    warnings.push(issue({ code: 'quirk', severity: 'warning', path: [], message }));
  }
  const work = await mkdtemp(join(tmpdir(), 'vsynth-draft-'));
  try {
    const inputs: string[] = [];
    const filters: string[] = [];
    const scenes: DraftScene[] = [];
    let input = 0;
    const quirk = (index: number, message: string): Issue =>
      issue({ code: 'quirk', severity: 'warning', path: ['scenes', index], message });
    for (const [i, scene] of drawn.scenes.entries()) {
      const duration = scene.durationSeconds.toFixed(3);
      const png = join(work, `scene-${i}.png`);
      await writeFile(png, scene.png);
      inputs.push('-loop', '1', '-framerate', String(fps), '-t', duration, '-i', png);
      const video = input++;
      let spoken = false;
      if (espeak && scene.speech.text) {
        const voice = espeakVoice(scene.speech.lang);
        if (voice) {
          const wav = join(work, `scene-${i}.wav`);
          const args = ['-v', voice, '-w', wav, '--', scene.speech.text];
          const result = await runProgram(espeak, args, { signal: options.signal });
          spoken =
            result.code === 0 &&
            (await stat(wav).then(
              (s) => s.size > 44,
              () => false,
            ));
          if (spoken) inputs.push('-i', wav);
          else {
            const message = `espeak-ng could not speak this scene (voice ${voice}): silent in the draft`;
            warnings.push(quirk(scene.index, message));
          }
        } else {
          const language = JSON.stringify(scene.speech.language);
          warnings.push(quirk(scene.index, `espeak-ng has no voice for language ${language}: silent in the draft`));
        }
      }
      if (!spoken) inputs.push('-f', 'lavfi', '-t', duration, '-i', 'anullsrc=r=44100:cl=mono');
      const audio = input++;
      // Even frame sizes for yuv420p; speech is padded or cut to the scene's estimate.
      filters.push(`[${video}:v]scale=trunc(iw/2)*2:trunc(ih/2)*2,setsar=1,fps=${fps},format=yuv420p[v${i}]`);
      filters.push(
        `[${audio}:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=mono,apad,atrim=0:${duration},` +
          `asetpts=N/SR/TB[a${i}]`,
      );
      scenes.push({ index: scene.index, durationSeconds: scene.durationSeconds, spoken });
    }
    const pairs = drawn.scenes.map((_, i) => `[v${i}][a${i}]`).join('');
    filters.push(`${pairs}concat=n=${drawn.scenes.length}:v=1:a=1[v][a]`);
    const out = resolve(options.out);
    await makeOutputDir(dirname(out));
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'stillimage',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-movflags',
      '+faststart',
      out,
    ];
    const result = await runProgram(ffmpeg, args, { signal: options.signal });
    if (result.code !== 0) {
      const tail = result.stderrTail.trim().split('\n').slice(-3).join(' | ');
      throw new VsynthError('VSYNTH_CONFIG', `ffmpeg failed (exit ${result.code ?? 'signal'}) writing ${out}: ${tail}`);
    }
    const durationSeconds = Math.round(scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0) * 10) / 10;
    const bytes = (await stat(out)).size;
    const audio = scenes.some((scene) => scene.spoken) ? 'espeak-ng' : 'silent';
    return { path: out, bytes, durationSeconds, scenes, audio, warnings };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
