/**
 * JSON text with every object's keys sorted, at every depth (array order kept): two values that
 * differ only in key order give the same text. A value JSON has no text for (`undefined`, a
 * function) gives `'undefined'`, which no JSON text equals, so comparing two texts still says
 * whether the values are equal.
 *
 * @example canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }) // '{"a":[{"c":3,"d":2}],"b":1}'
 * @example canonicalJson(undefined) // 'undefined'
 */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v,
    ) ?? 'undefined'
  );
}
