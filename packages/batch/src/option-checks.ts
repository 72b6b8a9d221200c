/**
 * Checks of the options a library entry point received, for callers without TypeScript (or with
 * a cast): each throws a `UsageError` naming the option, what it needs and what it got, before
 * anything is read, written or sent.
 */
import { UsageError, describeValue } from '@vsynth/core';

/** What a value is, for a message: `"4" (a string)`, `a Promise`, `an object`. */
export function received(value: unknown): string {
  if (isThenable(value)) return 'a Promise';
  if (typeof value === 'string') return `${describeValue(value)} (a string)`;
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return describeValue(value);
}

function isThenable(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function fail(name: string, needs: string, value: unknown, hint = ''): never {
  throw new UsageError(`\`${name}\` must be ${needs}; received ${received(value)}.${hint === '' ? '' : ` ${hint}`}`);
}

/** The options object itself. */
export function checkOptionsObject(entry: string, options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new UsageError(`${entry} takes one options object; received ${received(options)}.`);
}

/** A non-empty string; with `required`, also when it is missing. */
export function checkString(name: string, value: unknown, required = false): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || value.trim() === '') fail(name, 'a non-empty string', value);
}

export function checkBoolean(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') fail(name, 'true or false', value);
}

export function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') fail(name, 'a function', value);
}

/** A number of at least `min` (whole when `integer`). */
export function checkNumber(
  name: string,
  value: unknown,
  { min = 0, integer = false, above = false }: { min?: number; integer?: boolean; above?: boolean } = {},
): void {
  if (value === undefined) return;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (above ? value > min : value >= min) &&
    (!integer || Number.isInteger(value));
  if (!ok) {
    const bound = above ? `above ${min}` : `of at least ${min}`;
    fail(name, `${integer ? 'a whole number' : 'a number'} ${bound}`, value);
  }
}

export function checkOneOf(name: string, value: unknown, choices: readonly string[]): void {
  if (value !== undefined && !choices.includes(value as string))
    fail(name, `one of ${choices.map((choice) => `"${choice}"`).join(', ')}`, value);
}

export function checkStringList(name: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === ''))
    fail(name, 'an array of non-empty strings', value);
}

/** An object with the methods named; a Promise is named as one (an `async` factory not awaited). */
export function checkShape(name: string, value: unknown, methods: readonly string[], made: string): void {
  if (value === undefined) return;
  if (isThenable(value)) fail(name, made, value, `Await it: \`${name}: await …\`.`);
  const missing =
    typeof value !== 'object' || value === null
      ? methods
      : methods.filter((method) => typeof (value as Record<string, unknown>)[method] !== 'function');
  if (missing.length > 0) fail(name, `${made} (with ${missing.map((method) => `${method}()`).join(', ')})`, value);
}
