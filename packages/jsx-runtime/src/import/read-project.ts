import { checkRequest, inferRequestKind, issue, ValidationError, REQUEST_KIND_NAMES, type Issue, type PathSegment } from '@vsynth/core';
import type { ProjectTarget } from './normalise-project.js';

/** A checked project ready to import. */
export interface ReadProject {
  readonly target: ProjectTarget;
  /** The payload as validated (unknown fields kept, input key order). */
  readonly payload: Record<string, unknown>;
  /** Where the payload sat in the input: `[]`, or `['project']` in a stored project record. */
  readonly at: readonly PathSegment[];
  /** Warnings of core's check, paths from the input's root. */
  readonly warnings: Issue[];
}

/**
 * Finds the project in what `vsynth import` or a JSON side of `vsynth diff` was given — a v3
 * create request, a legacy project request, a stored project record (`vsynth find` / the
 * sandbox: `{…, format, project}`, also inside a `{success, data}` envelope) — and checks it
 * with core's `checkRequest`, as `vsynth validate` does. Throws `ValidationError` with every
 * located issue when it is not a valid create or legacy request.
 *
 * @example readProject(JSON.parse(text), 'payload.json').target // 'v3'
 */
export function readProject(input: unknown, subject: string): ReadProject {
  let at: PathSegment[] = [];
  let value = input;
  const field = (v: unknown, k: string): unknown => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined);
  if (field(value, 'scenes') === undefined && typeof field(value, 'data') === 'object' && field(value, 'success') !== undefined) {
    at = ['data'];
    value = field(value, 'data');
  }
  for (const key of ['project', 'payload']) {
    if (field(value, 'scenes') === undefined && typeof field(value, key) === 'object' && field(value, key) !== null) {
      at = [...at, key];
      value = field(value, key);
      break;
    }
  }
  const prefix = (i: Issue): Issue => (at.length === 0 ? i : { ...i, path: [...at, ...i.path] });
  const kind = inferRequestKind(value);
  if (kind !== 'create' && kind !== 'legacy') {
    const what = kind === undefined ? 'no "scenes" array' : `the fields of a ${REQUEST_KIND_NAMES[kind]}`;
    throw new ValidationError(
      [prefix(issue({ code: 'invalid_type', path: ['scenes'], message: `expected a v3 create request, a legacy project request or a stored project record; found ${what}` }))],
      { subject },
    );
  }
  const checked = checkRequest(kind, value);
  if (!checked.ok) throw new ValidationError(checked.issues.map(prefix), { subject: `${subject} as a ${REQUEST_KIND_NAMES[kind]}` });
  return { target: kind === 'legacy' ? 'legacy' : 'v3', payload: checked.value as Record<string, unknown>, at, warnings: checked.warnings.map(prefix) };
}
