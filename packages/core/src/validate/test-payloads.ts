/**
 * Test helpers: the example payloads of examples/payloads/, read fresh for each use so tests can
 * mutate them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RequestKind } from './request-kind.js';

/** Example payload files and the kind each one is. */
export const EXAMPLE_PAYLOADS = {
  'create-variant-a': 'create',
  'create-variant-b': 'create',
  modify: 'modify',
  edit: 'edit',
  legacy: 'legacy',
  'legacy-audio': 'legacy-audio',
} as const satisfies Record<string, RequestKind>;

/** Name of an example payload file without `.json`. */
export type ExampleName = keyof typeof EXAMPLE_PAYLOADS;

/** Absolute path of an example payload. */
export function examplePath(name: ExampleName): string {
  return fileURLToPath(new URL(`../../../../examples/payloads/${name}.json`, import.meta.url));
}

/** A fresh, mutable copy of an example payload. */
export function loadExample(name: ExampleName): any {
  return JSON.parse(readFileSync(examplePath(name), 'utf8'));
}
