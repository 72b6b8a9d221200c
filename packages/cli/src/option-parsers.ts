/**
 * Parsers of command-line option values shared by the commands. Numeric options have one wording
 * in every command: the flag, the accepted range and the value received, e.g.
 * `--port takes a whole number from 0 to 65535, got "99999".`
 */
import { UsageError } from '@vsynth/core';
import { InvalidArgumentError } from 'commander';

export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
  /** Accept whole numbers only (written as digits: `1e3` and `0x10` are refused). */
  readonly integer?: boolean;
  /** Refuse `min` itself: `{ aboveMin: true }` is a positive number. */
  readonly aboveMin?: boolean;
}

const WHOLE_NUMBER = /^\s*-?\d+\s*$/;

/**
 * A commander argument parser for a numeric option; a bad value is a usage error that commander
 * shows with the option.
 *
 * @example
 * program.option('--port <port>', 'port to listen on', numberOption('--port', { max: 65_535, integer: true }));
 */
export function numberOption(flag: string, range: NumberRange = {}): (text: string) => number {
  return (text) => {
    const checked = checkNumber(flag, text, range);
    if (typeof checked === 'string') throw new InvalidArgumentError(checked);
    return checked;
  };
}

/**
 * Checks a numeric option a command function received as text; throws `UsageError` when it is
 * out of range.
 *
 * @example
 * parseNumberOption('--scale', '0.5', { aboveMin: true, max: 8 }); // 0.5
 * parseNumberOption('--scale', '9', { aboveMin: true, max: 8 });
 * // throws "--scale takes a number greater than 0 and at most 8, got "9"."
 */
export function parseNumberOption(flag: string, text: string, range: NumberRange = {}): number {
  const checked = checkNumber(flag, text, range);
  if (typeof checked === 'string') throw new UsageError(checked);
  return checked;
}

/** The number, or the message saying what the option takes. */
function checkNumber(flag: string, text: string, range: NumberRange): number | string {
  const { min = 0, max = Number.POSITIVE_INFINITY, integer = false, aboveMin = false } = range;
  const value = Number(text);
  const wellFormed = integer
    ? WHOLE_NUMBER.test(text) && Number.isSafeInteger(value)
    : text.trim() !== '' && Number.isFinite(value);
  if (wellFormed && (aboveMin ? value > min : value >= min) && value <= max) return value;
  return `${flag} takes ${integer ? 'a whole number' : 'a number'} ${describeRange(min, max, aboveMin)}, got "${text}".`;
}

function describeRange(min: number, max: number, aboveMin: boolean): string {
  const bounded = max !== Number.POSITIVE_INFINITY;
  if (aboveMin) return bounded ? `greater than ${min} and at most ${max}` : `greater than ${min}`;
  return bounded ? `from ${min} to ${max}` : `of ${min} or more`;
}

/**
 * Option parser of a repeatable flag: collects every value in order (from `[]` when the option
 * has no default).
 *
 * @example program.option('--set <key=value>', 'repeatable', collectRepeated, [])
 */
export function collectRepeated(value: string, previous: readonly string[] = []): string[] {
  return [...previous, value];
}

/**
 * Option parser of the repeatable `--allowed-host NAME` of the studio and the sandbox: a host
 * name without scheme, port or path; a leading dot allows its subdomains too.
 *
 * @example program.option('--allowed-host <name>', 'repeatable', collectHostName, [])
 */
export function collectHostName(value: string, previous: readonly string[] = []): string[] {
  if (!/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(value)) {
    throw new InvalidArgumentError(
      `expected a host name such as my-box.lan or .example.test (subdomains too), without scheme or port; got "${value}".`,
    );
  }
  return [...previous, value];
}
