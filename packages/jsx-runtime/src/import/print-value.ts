const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON value (with `undefined` allowed in objects) as a TypeScript expression: identifier keys
 * bare, other keys quoted, `__proto__` computed so it stays an own field; on one line when it
 * fits in `width` characters, else one field per line indented from `indent`.
 *
 * @example printValue({ a: 1, 'b-c': [true, null] }) // '{ a: 1, "b-c": [true, null] }'
 */
export function printValue(value: unknown, indent = '', width = 100): string {
  const flat = printFlat(value);
  if (flat.length + indent.length <= width || typeof value !== 'object' || value === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return `[\n${value.map((v) => `${inner}${printValue(v, inner, width)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${printKey(k)}: ${printValue(v, inner, width)},`).join('\n')}\n${indent}}`;
}

function printFlat(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(printFlat).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${printKey(k)}: ${printFlat(v)}`).join(', ')} }`;
}

function printKey(key: string): string {
  if (key === '__proto__') return '["__proto__"]';
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}
