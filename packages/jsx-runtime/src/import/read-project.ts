import {
  checkRequest,
  inferRequestKind,
  issue,
  ValidationError,
  REQUEST_KIND_NAMES,
  type Issue,
  type PathSegment,
} from '@vsynth/core';
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
 * Finds the project in a v3 create request, a legacy project request or a stored project record (also inside
 * a `{success, data}` envelope) and checks it as `vsynth validate` does; an invalid one is a ValidationError.
 *
 * @example readProject(JSON.parse(text), 'payload.json').target // 'v3'
 */
export function readProject(input: unknown, subject: string): ReadProject {
  let at: PathSegment[] = [];
  let value = input;
  const field = (v: unknown, k: string): unknown =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;
  const enveloped = typeof field(value, 'data') === 'object' && field(value, 'success') !== undefined;
  if (field(value, 'scenes') === undefined && enveloped) {
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
    const message = `expected a v3 create request, a legacy project request or a stored project record; found ${what}`;
    throw new ValidationError([prefix(issue({ code: 'invalid_type', path: ['scenes'], message }))], { subject });
  }
  const checked = checkRequest(kind, value);
  if (!checked.ok) {
    throw new ValidationError(checked.issues.map(prefix), { subject: `${subject} as a ${REQUEST_KIND_NAMES[kind]}` });
  }
  const payload = checked.value as Record<string, unknown>;
  return { target: kind === 'legacy' ? 'legacy' : 'v3', payload, at, warnings: checked.warnings.map(prefix) };
}
