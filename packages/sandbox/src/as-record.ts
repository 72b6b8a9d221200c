/**
 * A plain object view of a JSON value (`{}` for anything else), for reading stored payloads.
 *
 * @example asRecord({ scenes: [] })['scenes'] // []; asRecord([1]) // {}
 */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
