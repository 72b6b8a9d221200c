import { UsageError, parseJsonText } from '@vsynth/core';
import { readTextFile } from './read-text-file.js';

/**
 * Reads the `--props` file of `compile` and `submit`: a JSON object handed to a component
 * default export. A missing file or a non-object is a usage error (exit 2), bad JSON a
 * validation error naming the file, line and column (exit 3).
 *
 * @example const props = await readPropsFile('examples/library-demo.props.json') // { customer: 'Dana', … }
 */
export async function readPropsFile(file: string): Promise<Record<string, unknown>> {
  const text = await readTextFile(file, { what: '--props', advice: 'Give a JSON file holding an object of props' });
  const value = parseJsonText(text, { source: file });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(
      `--props ${file} must hold a JSON object (the component's props), got ${Array.isArray(value) ? 'an array' : typeof value}.`,
    );
  }
  return value as Record<string, unknown>;
}
