import { closestName, type IssueCode } from '@vsynth/core';
import type { BuiltinKind } from '../components/builtin.js';
import { PROP_RULES, type PropRule } from '../components/prop-rules.js';

/** One prop problem: an unknown prop or field, a value of the wrong type, or outside its set. */
export interface PropProblem {
  readonly code: Extract<IssueCode, 'unknown_key' | 'invalid_type' | 'invalid_value' | 'missing'>;
  readonly message: string;
}

/**
 * The problems of a built-in element's props: an unknown prop, a value of the wrong
 * type, a value outside the allowed set (with the allowed values and "did you mean"), unknown or
 * missing fields of `shadow`/`animation`. `undefined` values count as not given. The same
 * checks as the prop types, for code compiled without type-checking (`vsynth compile`).
 *
 * @example checkProps('Text', { tag: 'titel' }) // [{ code: 'invalid_value', message: '<Text> tag "titel" is not one of title, subtitles (did you mean "title"?)' }]
 */
export function checkProps(kind: BuiltinKind, props: Readonly<Record<string, unknown>>): readonly PropProblem[] {
  const rules = RULE_MAPS[kind];
  let problems: PropProblem[] | undefined;
  // for…in with an own-key check walks the same keys as Object.keys without building the array.
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const value = props[name];
    if (value === undefined) continue;
    const rule = rules.get(name);
    if (rule === undefined) {
      const names = Object.keys(PROP_RULES[kind]).filter((n) => n !== 'children');
      (problems ??= []).push({ code: 'unknown_key', message: `<${kind}> has no prop "${name}"${didYouMean(name, names)}; it takes ${names.join(', ')}` });
      continue;
    }
    // The common case, a value of the rule's type, without building the message's subject.
    if (rule === 'any' || (rule === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof rule === 'string' && typeof value === rule)) continue;
    checkValue(`<${kind}> ${name}`, value, rule, (problems ??= []));
  }
  return problems ?? NONE;
}

const NONE: readonly PropProblem[] = Object.freeze([]);

/** {@link PROP_RULES} as maps: one lookup per prop, no prototype to guard against. */
const RULE_MAPS = Object.fromEntries(
  Object.entries(PROP_RULES).map(([kind, rules]) => [kind, new Map(Object.entries(rules))]),
) as unknown as Readonly<Record<BuiltinKind, ReadonlyMap<string, PropRule>>>;

function checkValue(what: string, value: unknown, rule: PropRule, problems: PropProblem[]): void {
  if (rule === 'any') return;
  if (typeof rule === 'string') {
    const ok = rule === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === rule;
    if (!ok) problems.push({ code: 'invalid_type', message: `${what} must be ${rule === 'number' ? 'a finite number' : `a ${rule}`}, got ${show(value)}` });
    return;
  }
  if ('oneOf' in rule) {
    if (rule.orNumber === true && typeof value === 'number' && Number.isFinite(value)) return;
    if (typeof value === 'string' && rule.oneOf.includes(value)) return;
    const allowed = `${rule.oneOf.join(', ')}${rule.orNumber === true ? ' or a number' : ''}`;
    const hint = typeof value === 'string' ? didYouMean(value, rule.oneOf) : '';
    problems.push({ code: typeof value === 'string' ? 'invalid_value' : 'invalid_type', message: `${what} ${show(value)} is not one of ${allowed}${hint}` });
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ code: 'invalid_type', message: `${what} must be an object {${Object.keys(rule.fields).join(', ')}}, got ${show(value)}` });
    return;
  }
  const fields = value as Record<string, unknown>;
  for (const name of rule.required ?? []) {
    if (fields[name] === undefined) problems.push({ code: 'missing', message: `${what} needs ${name}` });
  }
  for (const [name, field] of Object.entries(fields)) {
    if (field === undefined) continue;
    const inner = Object.hasOwn(rule.fields, name) ? rule.fields[name] : undefined;
    if (inner === undefined) {
      const names = Object.keys(rule.fields);
      problems.push({ code: 'unknown_key', message: `${what} has no field "${name}"${didYouMean(name, names)}; it takes ${names.join(', ')}` });
      continue;
    }
    checkValue(`${what}.${name}`, field, inner, problems);
  }
}

function didYouMean(name: string, names: readonly string[]): string {
  const close = closestName(name, names);
  return close === undefined ? '' : ` (did you mean "${close}"?)`;
}

/** A value as a message shows it: strings quoted, objects as short JSON. */
function show(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol' || typeof value === 'bigint') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
