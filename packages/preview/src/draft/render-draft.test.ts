import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUsageError } from '@vsynth/core';
import { afterAll, describe, expect, it } from 'vitest';
import { renderArtifact } from '../render-artifact.js';
import { decodePng } from '../png/decode-png.js';
import { findExecutable } from './find-executable.js';
import { espeakVoice, FFMPEG_MISSING_MESSAGE, renderDraft } from './render-draft.js';

const background = { source_type: 'color', source_color: '#3366cc' };
const avatar = (language: string) => ({
  id: 'a',
  type: 'aiModel',
  layer: 1,
  left: 700,
  top: 100,
  width: 400,
  height: 900,
  model: { ai_name: 'anna', emotion: 'suit', language },
});
const payload = {
  name: 'Draft test',
  scenes: [
    {
      sceneIdx: 0,
      scripts: [{ org: '<p>Hello and welcome to the product tour of today.</p>' }],
      background,
      clips: [avatar('en')],
    },
    { sceneIdx: 1, scripts: [{ org: 'Merci et à bientôt' }], background, clips: [avatar('fr-FR')] },
    { sceneIdx: 2, scripts: [{ org: '' }], background, clips: [] },
  ],
};
// 9 words / 150 = 3.6 s, 4 words / 150 = 1.6 s, silent 3 s.
const EXPECTED_SECONDS = 3.6 + 1.6 + 3;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const ffmpeg = findExecutable('ffmpeg');

describe('renderDraft', () => {
  it('explains what to install when ffmpeg is not on PATH', async () => {
    const error = await renderDraft(payload, { out: join(tmpdir(), 'never.mp4'), searchPath: '' }).catch(
      (e: unknown) => e,
    );
    expect(isUsageError(error)).toBe(true);
    expect((error as Error).message).toBe(FFMPEG_MISSING_MESSAGE);
    expect(FFMPEG_MISSING_MESSAGE).toContain('apt-get install ffmpeg');
  });

  it('writes an MP4 as long as the sum of the scene estimates, spoken where espeak-ng exists', async () => {
    if (!ffmpeg) {
      // Without ffmpeg the draft must fail with the install hint (CI installs ffmpeg, see .ci/run).
      await expect(renderDraft(payload, { out: join(tmpdir(), 'never.mp4') })).rejects.toThrow(FFMPEG_MISSING_MESSAGE);
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-draft-test-'));
    dirs.push(dir);
    const out = join(dir, 'nested', 'draft.mp4');
    const draft = await renderDraft(payload, { out, scale: 0.25 });
    expect(draft.path).toBe(out);
    expect(draft.durationSeconds).toBe(EXPECTED_SECONDS);
    expect(draft.scenes.map((scene) => scene.durationSeconds)).toEqual([3.6, 1.6, 3]);
    const espeak = findExecutable('espeak-ng');
    expect(draft.audio).toBe(espeak ? 'espeak-ng' : 'silent');
    expect(draft.scenes.map((scene) => scene.spoken)).toEqual(espeak ? [true, true, false] : [false, false, false]);
    const probe = JSON.parse(
      execFileSync(
        findExecutable('ffprobe') ?? 'ffprobe',
        ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', out],
        { encoding: 'utf8' },
      ),
    ) as { format: { duration: string }; streams: { codec_type: string; width?: number; height?: number }[] };
    expect(Math.abs(Number(probe.format.duration) - EXPECTED_SECONDS)).toBeLessThanOrEqual(0.1);
    expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    expect(probe.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 480, height: 270 });
    // The speech is really in the track: loud in the first scene, silence in the last.
    const loudest = (from: number, seconds: number): number => {
      // volumedetect reports on stderr.
      const report = spawnSync(
        ffmpeg,
        [
          '-hide_banner',
          '-ss',
          String(from),
          '-t',
          String(seconds),
          '-i',
          out,
          '-af',
          'volumedetect',
          '-f',
          'null',
          '-',
        ],
        { encoding: 'utf8' },
      ).stderr;
      return Number(/max_volume: (-?[\d.]+|-inf) dB/.exec(report)?.[1] ?? '-Infinity');
    };
    if (espeak) expect(loudest(0, 3.6)).toBeGreaterThan(-20);
    expect(loudest(5.4, 2.6)).toBeLessThan(-60);
  });

  it('maps the dubbing languages to espeak-ng voices', () => {
    expect(espeakVoice('zh')).toBe('cmn');
    expect(espeakVoice('en')).toBe('en-us');
    expect(espeakVoice('ta')).toBe('ta');
    expect(espeakVoice('fil')).toBeUndefined();
  });
});

describe('renderArtifact', () => {
  it('is the MP4 draft when ffmpeg is installed', async () => {
    const artifact = await renderArtifact(payload);
    if (!ffmpeg) {
      expect(artifact.contentType).toBe('image/png');
      return;
    }
    expect(artifact).toMatchObject({ fileName: 'draft.mp4', contentType: 'video/mp4' });
    expect(artifact.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('is the contact sheet PNG when ffmpeg is not on PATH', async () => {
    const artifact = await renderArtifact(payload, { searchPath: '' });
    expect(artifact).toMatchObject({ fileName: 'contact-sheet.png', contentType: 'image/png' });
    const png = decodePng(artifact.bytes);
    expect([png.width, png.height]).toEqual([16 + 3 * (480 + 16), 56 + 270 + 34 + 16 + 16]);
  });
});
