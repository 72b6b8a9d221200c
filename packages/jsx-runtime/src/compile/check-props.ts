import { closestName, COLOUR_FORMS, parseColour, type IssueCode } from '@vsynth/core';
import type { BuiltinKind } from '../components/builtin.js';
import { PROP_RULES, type PropRule } from '../components/prop-rules.js';

/** One prop problem: an unknown prop or field, a value of the wrong type, or outside its set. */
export interface PropProblem {
  readonly code: Extract<IssueCode, 'unknown_key' | 'invalid_type' | 'invalid_value' | 'missing'>;
  readonly message: string;
}

/**
 * The problems of a built-in element's props: an unknown prop or field, a value of the wrong type or outside
 * the allowed set (with "did you mean"); `undefined` counts as not given. The same checks as the prop types,
 * for code compiled without type-checking.
 */
export function checkProps(kind: BuiltinKind, props: Readonly<Record<string, unknown>>): readonly PropProblem[] {
  const rules: Readonly<Record<string, PropRule>> = PROP_RULES[kind];
  const problems: PropProblem[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (rule === undefined) {
      const names = Object.keys(rules).filter((n) => n !== 'children');
      const message = `<${kind}> has no prop "${name}"${didYouMean(name, names)}; it takes ${names.join(', ')}`;
      problems.push({ code: 'unknown_key', message });
      continue;
    }
    checkValue(`<${kind}> ${name}`, value, rule, problems);
  }
  return problems;
}

function checkValue(what: string, value: unknown, rule: PropRule, problems: PropProblem[]): void {
  if (rule === 'any') return;
  if (rule === 'colour') {
    if (typeof value === 'string' && parseColour(value) !== undefined) return;
    const code = typeof value === 'string' ? 'invalid_value' : 'invalid_type';
    problems.push({ code, message: `${what} ${show(value)} is not a colour: use ${COLOUR_FORMS}` });
    return;
  }
  if (typeof rule === 'string') {
    const ok = rule === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === rule;
    const wanted = rule === 'number' ? 'a finite number' : `a ${rule}`;
    if (!ok) problems.push({ code: 'invalid_type', message: `${what} must be ${wanted}, got ${show(value)}` });
    return;
  }
  if ('oneOf' in rule) {
    if (rule.orNumber === true && typeof value === 'number' && Number.isFinite(value)) return;
    if (typeof value === 'string' && rule.oneOf.includes(value)) return;
    const allowed = `${rule.oneOf.join(', ')}${rule.orNumber === true ? ' or a number' : ''}`;
    const hint = typeof value === 'string' ? didYouMean(value, rule.oneOf) : '';
    const code = typeof value === 'string' ? 'invalid_value' : 'invalid_type';
    problems.push({ code, message: `${what} ${show(value)} is not one of ${allowed}${hint}` });
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const fields = Object.keys(rule.fields).join(', ');
    problems.push({ code: 'invalid_type', message: `${what} must be an object {${fields}}, got ${show(value)}` });
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
      const message = `${what} has no field "${name}"${didYouMean(name, names)}; it takes ${names.join(', ')}`;
      problems.push({ code: 'unknown_key', message });
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
