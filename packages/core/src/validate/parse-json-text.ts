import { formatPath } from '../errors/format-issues.js';
import { issue } from '../errors/issue.js';
import { deepNestingMessage, findDeepNesting } from './find-deep-nesting.js';
import { findDuplicateKey, type DuplicateKey } from './find-duplicate-key.js';
import { findUnrepresentableNumber } from './find-unrepresentable-number.js';
import { ValidationError } from '../errors/validation-error.js';

export interface ParseJsonTextOptions {
  /** Where the text came from, e.g. a file name, for the message. */
  readonly source: string;
}

/**
 * `JSON.parse` with a one-line error a user can act on: the source, line and column, and the
 * parser's reason. A leading byte order mark is ignored. Throws `ValidationError` (its message
 * is that single line).
 *
 * @example parseJsonText('{"a": 1,}', { source: 'payload.json' })
 * // throws: payload.json:1:9 is not valid JSON: … Fix the file and try again.
 */
export function parseJsonText(text: string, options: ParseJsonTextOptions): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const match = /position (\d+)/.exec(raw);
    const position =
      match !== null
        ? Number(match[1])
        : raw.startsWith(UNEXPECTED_TOKEN)
          ? unexpectedTokenPosition(body)
          : body.length;
    const { line, column } = lineAndColumn(body, position);
    // V8 appends an excerpt of the text (`, "…" is not valid JSON`) that may itself hold quotes and newlines.
    const reason = raw
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (\.\.\.)?".*is not valid JSON$/s, '')
      .replace(/ \(line \d+ column \d+\)$/, '')
      .trim();
    const what =
      body.trim() === ''
        ? 'the file is empty'
        : body.charCodeAt(position) === REPLACEMENT_CHARACTER
          ? 'the file is not UTF-8 text (UTF-16, as some Windows tools write, or binary); save it as UTF-8'
          : reason === ''
            ? 'unexpected input'
            : reason;
    const message = `${options.source}:${line}:${column} is not valid JSON: ${what}. Fix the file and try again.`;
    const failure = new ValidationError([issue({ code: 'invalid_format', path: [], message })], {
      subject: options.source,
      cause: error,
    });
    failure.message = message;
    throw failure;
  }
  // Before anything recursive reads it: past the limit, JSON.stringify and the checks run out of stack.
  const deep = findDeepNesting(value);
  if (deep !== undefined) {
    const message = `${options.source}: ${deepNestingMessage(formatPath(deep))}, and try again.`;
    const failure = new ValidationError([issue({ code: 'too_big', path: deep, message })], { subject: options.source });
    failure.message = message;
    throw failure;
  }
  const duplicate = findDuplicateKey(body);
  if (duplicate !== undefined) throw duplicateKeyError(duplicate, body, options.source);
  // An overflow reads as Infinity, which the schema checks report at its path; an underflow reads as a plausible 0.
  const number = findUnrepresentableNumber(body);
  if (number !== undefined && number.readAs === '0') {
    // Quoted as written: JSON.parse turned it into 0, which a later check would report instead.
    const { line, column } = lineAndColumn(body, number.position);
    const message = `${options.source}:${line}:${column} has the number ${number.text}, which a double cannot hold: it would be read as ${number.readAs}. Write 0 or a number in range, and try again.`;
    const failure = new ValidationError([issue({ code: 'invalid_value', path: [], message })], {
      subject: options.source,
    });
    failure.message = message;
    throw failure;
  }
  return value;
}

/**
 * The error for a key that a JSON text repeats in one object, located at the second one:
 * `payload.json:4:3 has "projectId" twice in one object (at projectId) …`.
 *
 * @example throw duplicateKeyError(findDuplicateKey(text)!, text, 'payload.json')
 */
export function duplicateKeyError(duplicate: DuplicateKey, text: string, source: string): ValidationError {
  const { line, column } = lineAndColumn(text, duplicate.position);
  const key = duplicate.path[duplicate.path.length - 1];
  const message = `${source}:${line}:${column} has the key ${JSON.stringify(String(key))} twice in one object (at ${formatPath(duplicate.path)}); JSON would keep only the last. Remove one and try again.`;
  const failure = new ValidationError([issue({ code: 'invalid_format', path: duplicate.path, message })], {
    subject: source,
  });
  failure.message = message;
  return failure;
}

const UNEXPECTED_TOKEN = 'Unexpected token';

/** What a UTF-8 decoder puts where the bytes are not UTF-8. */
const REPLACEMENT_CHARACTER = 0xfffd;

/**
 * V8 names the unexpected character but not its position. The parser reads left to right, so
 * a prefix of the text fails with "Unexpected token" exactly when it holds that character
 * (shorter prefixes fail with an end-of-input error or parse): binary search for the shortest.
 */
function unexpectedTokenPosition(text: string): number {
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsWithUnexpectedToken(text.slice(0, middle))) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

function failsWithUnexpectedToken(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch (error) {
    return error instanceof Error && error.message.startsWith(UNEXPECTED_TOKEN);
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, Math.min(position, text.length));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}
