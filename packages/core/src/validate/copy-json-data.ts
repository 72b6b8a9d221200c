/**
 * A deep copy of plain JSON data (objects, arrays, strings, numbers, booleans, null) with every
 * object's keys in the input's order, including an own `__proto__` field (kept as a field, not
 * as a prototype). Meant for data known to hold no cycle (as `checkRequest` ensures): a getter's
 * value is copied, any other object becomes a plain one of its own fields, a function or symbol
 * is kept as it is.
 *
 * @example
 * const copy = copyJsonData({ b: 1, a: [{ c: null }] })
 * JSON.stringify(copy) // '{"b":1,"a":[{"c":null}]}', sharing no object with the input
 */
export function copyJsonData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = value.slice();
    for (let i = 0; i < out.length; i++) {
      const item = out[i];
      if (typeof item === 'object' && item !== null) out[i] = copyJsonData(item);
    }
    return out as T;
  }
  // Spreading copies the fields in order as own data properties (an own `__proto__` stays a field).
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(out)) {
    const item = out[key];
    if (typeof item === 'object' && item !== null) out[key] = copyJsonData(item);
  }
  return out as T;
}
