import { UsageError, parseJsonText } from '@vsynth/core';
import { readTextFile } from './read-text-file.js';

/**
 * Reads `--props` of `compile`, `submit`, `preview`, `diff` and `studio`: inline JSON (it starts
 * with `{` or `[`) or a JSON file, holding the object handed to a component default export. A
 * missing file or a non-object is a usage error (exit 2), bad JSON a validation error naming the
 * file (or `--props`), line and column (exit 3).
 *
 * @example await readPropsOption('{"customer":"Dana"}') // { customer: 'Dana' }
 * @example await readPropsOption('examples/library-demo.props.json') // { customer: 'Dana', … }
 */
export async function readPropsOption(value: string): Promise<Record<string, unknown>> {
  return (await readPropsWithOrigin(value)).props;
}

/**
 * {@link readPropsOption}, with where the props came from (the file, or `--props`, and the JSON
 * text) so that a video's props schema can point at the line of a bad key.
 *
 * @example const { props, origin } = await readPropsWithOrigin('video.props.json') // origin.name 'video.props.json'
 */
export async function readPropsWithOrigin(
  value: string,
): Promise<{ props: Record<string, unknown>; origin: { name: string; text: string } }> {
  const inline = isInlineProps(value);
  const text = inline
    ? value
    : await readTextFile(value, {
        what: '--props',
        advice: 'Give inline JSON or a JSON file holding an object of props',
      });
  const parsed = parseJsonText(text, { source: inline ? '--props' : value });
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(
      `--props${inline ? '' : ` ${value}`} must be a JSON object (the component's props), got ${Array.isArray(parsed) ? 'an array' : typeof parsed}.`,
    );
  }
  return { props: parsed as Record<string, unknown>, origin: { name: inline ? '--props' : value, text } };
}

/** True for `--props` given as JSON text rather than a file name. */
export function isInlineProps(value: string): boolean {
  return /^\s*[[{]/.test(value);
}
