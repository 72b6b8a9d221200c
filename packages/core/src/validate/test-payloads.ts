/**
 * Test helpers: the package's example payloads (`src/fixtures/payloads/`, one of each request kind,
 * as the repository's `examples/payloads/` shows them to users), read fresh for each use so tests
 * can mutate them.
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
  return fileURLToPath(new URL(`../fixtures/payloads/${name}.json`, import.meta.url));
}

/** A fresh, mutable copy of an example payload. */
export function loadExample(name: ExampleName): any {
  return JSON.parse(readFileSync(examplePath(name), 'utf8'));
}

/** A place in a JSON value: keys and array indices from the root. */
export type Path = (string | number)[];

/** Every path inside a JSON value (objects and arrays included), root excluded, in document order. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

/** The `replacement` that makes {@link mutate} delete the place instead. */
export const DELETE = Symbol('delete');

/**
 * A copy of `root` with the value at `path` replaced (or deleted when `replacement` is
 * {@link DELETE}).
 */
export function mutate(root: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(root);
  let parent: any = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment];
  const last = path[path.length - 1]!;
  if (replacement === DELETE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}
