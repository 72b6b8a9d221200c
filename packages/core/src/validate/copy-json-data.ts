/**
 * A deep copy of plain JSON data (objects, arrays, strings, numbers, booleans, null) with every
 * object's keys in the input's order, including an own `__proto__` field (kept as a field, not
 * as a prototype). Meant for data already known to be plain JSON data without cycles (see
 * `compileFastCheck`): anything else is copied by reference.
 *
 * @example
 * const copy = copyJsonData({ b: 1, a: [{ c: null }] })
 * JSON.stringify(copy) // '{"b":1,"a":[{"c":null}]}', sharing no object with the input
 */
export function copyJsonData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyJsonData(value[i]);
    return out as T;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    // Assigning `__proto__` would set the prototype instead of adding the field.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copyJsonData(record[key]), enumerable: true, writable: true, configurable: true });
    else out[key] = copyJsonData(record[key]);
  }
  return out as T;
}
