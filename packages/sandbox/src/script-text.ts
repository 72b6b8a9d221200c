import type { ProjectFormat } from './records.js';

/**
 * The spoken text of each scene of a stored payload, with p/span tags removed: variant A
 * `scenes[i].scripts[0].org`, variant B the (not deleted) aiModel clip's `script.org`, legacy
 * `scenes[i].AIModel.script`, legacy audio `text` (one entry).
 *
 * @example sceneScripts({ scenes: [{ scripts: [{ org: '<p>Hi</p>' }] }] }, 'v3') // ['Hi']
 */
export function sceneScripts(payload: unknown, format: ProjectFormat): string[] {
  const root = asRecord(payload);
  if (format === 'audio') return [plain(root['text'])];
  const scenes = Array.isArray(root['scenes']) ? root['scenes'] : [];
  return scenes.map((scene) => {
    const s = asRecord(scene);
    if (format === 'legacy') return plain(asRecord(s['AIModel'])['script']);
    const scripts = Array.isArray(s['scripts']) ? s['scripts'] : [];
    if (scripts.length > 0) return plain(asRecord(scripts[0])['org']);
    const clips = Array.isArray(s['clips']) ? s['clips'] : [];
    for (const clip of clips) {
      const c = asRecord(clip);
      if (c['type'] === 'aiModel' && c['isDelete'] !== true && c['script'] !== undefined) return plain(asRecord(c['script'])['org']);
    }
    return '';
  });
}

/** Characters a speaker reads per second in the sandbox's duration estimate. */
export const SPOKEN_CHARS_PER_SECOND = 15;

/**
 * The duration the sandbox reports for an export, in seconds: each scene lasts its script at
 * 15 characters per second, at least 1 second; rounded to 0.1 s.
 *
 * @example estimateDuration(['Hello there, welcome!']) // 1.4
 */
export function estimateDuration(scripts: readonly string[]): number {
  const seconds = scripts.reduce((sum, text) => sum + Math.max(1, text.length / SPOKEN_CHARS_PER_SECOND), 0);
  return Math.round(Math.max(seconds, 1) * 10) / 10;
}

function plain(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** A plain object view of a JSON value (`{}` for anything else). */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
