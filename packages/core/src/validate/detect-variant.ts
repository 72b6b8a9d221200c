import { isRecord } from './describe-value.js';

/** Where a v3 create payload states the speech: `A` in `scenes[].scripts`, `B` in the avatar clip. */
export type PayloadVariant = 'A' | 'B';

/**
 * Tells variant A (some scene carries `scripts`) from variant B (none does; the speech is the
 * aiModel clip's `script`).
 *
 * @example detectVariant({ scenes: [{ sceneIdx: 0, scripts: [entry], background, clips }] }) // 'A'
 */
export function detectVariant(payload: unknown): PayloadVariant {
  const scenes = isRecord(payload) ? payload['scenes'] : undefined;
  if (!Array.isArray(scenes)) return 'B';
  return scenes.some((scene) => isRecord(scene) && scene['scripts'] !== undefined) ? 'A' : 'B';
}
