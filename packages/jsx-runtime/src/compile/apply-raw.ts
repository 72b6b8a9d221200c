/**
 * Sets a `raw` prop's fields on an emitted object after everything the props built; `undefined` removes a
 * field. With `detailed` (legacy clips) a `detail` object in `raw` is merged into the object's `detail`.
 */
export function applyRaw(target: Record<string, unknown>, raw: unknown, detailed = false): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
  for (const [key, value] of Object.entries(raw)) {
    const inner = target[key];
    if (detailed && key === 'detail' && isPlainObject(value) && isPlainObject(inner)) {
      const merged = { ...inner };
      applyRaw(merged, value);
      target[key] = merged;
    } else if (value === undefined) {
      delete target[key];
    } else {
      target[key] = value;
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
