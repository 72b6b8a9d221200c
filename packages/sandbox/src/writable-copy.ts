import { asRecord } from './as-record.js';

/**
 * A copy of a stored payload in which modify updates may write: the root, its scenes, their clips, each
 * clip's `script`, their `scripts` and the legacy `AIModel` are new objects; everything else (avatar models,
 * backgrounds, other fields) is shared with `payload`, which is never changed. A batch modifies its base
 * payload once per row, and copying all of it cost more than the rest of the modify.
 *
 * @example writableCopy(payload).scenes[0].clips[0] !== payload.scenes[0].clips[0] // its model is shared
 */
export function writableCopy(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const root: Record<string, unknown> = { ...payload };
  if (Array.isArray(root['scenes'])) root['scenes'] = root['scenes'].map(sceneCopy);
  return root;
}

function sceneCopy(scene: unknown): unknown {
  if (typeof scene !== 'object' || scene === null || Array.isArray(scene)) return scene;
  const copy: Record<string, unknown> = { ...scene };
  if (Array.isArray(copy['clips'])) copy['clips'] = copy['clips'].map(clipCopy);
  if (Array.isArray(copy['scripts'])) copy['scripts'] = copy['scripts'].map(recordCopy);
  if (copy['AIModel'] !== undefined) copy['AIModel'] = recordCopy(copy['AIModel']);
  return copy;
}

function clipCopy(clip: unknown): unknown {
  const copy = recordCopy(clip);
  if (copy !== clip) {
    const record = asRecord(copy);
    if (record['script'] !== undefined) record['script'] = recordCopy(record['script']);
  }
  return copy;
}

/** A shallow copy of a plain object; anything else as it is (nothing is written into it). */
function recordCopy(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : value;
}
