import path from 'node:path';
import { isValidationError, isVsynthError, omitUndefined, type Issue } from '@vsynth/core';
import type { StudioProblem } from './studio-types.js';

/**
 * An issue of the compiler, a template or a data file as a studio problem, at its JSX source when it has
 * one, else at the `file:line:col` its message names, else in `fallbackFile`.
 */
export function toProblem(item: Issue, fallbackFile: string, cwd: string): StudioProblem {
  const row = omitUndefined({ row: item.row });
  const element = item.source?.element === undefined ? '' : ` <${item.source.element}>`;
  if (item.source !== undefined) {
    return {
      message: `${item.message}${item.message.includes(`<${item.source.element}>`) ? '' : element}`,
      file: shown(item.source.fileName, cwd),
      line: item.source.lineNumber,
      column: item.source.columnNumber,
      severity: item.severity,
      ...row,
    };
  }
  const named = locatedIn(item.message);
  const { message, severity } = item;
  if (named !== undefined) return { message, ...named, file: shown(named.file, cwd), severity, ...row };
  return { message, file: shown(fallbackFile, cwd), line: null, column: null, severity, ...row };
}

/** Any error a build meets as problems: each issue of a ValidationError or TemplateError, else its message. */
export function errorProblems(error: unknown, fallbackFile: string, cwd: string): StudioProblem[] {
  const issues = (error as { issues?: readonly Issue[] } | undefined)?.issues;
  if ((isValidationError(error) || isVsynthError(error)) && Array.isArray(issues) && issues.length > 0) {
    return issues.filter((item) => item.severity === 'error').map((item) => toProblem(item, fallbackFile, cwd));
  }
  const message = error instanceof Error ? error.message : String(error);
  const named = locatedIn(message);
  if (named !== undefined) return [{ message, ...named, file: shown(named.file, cwd), severity: 'error' }];
  return [{ message, file: shown(fallbackFile, cwd), line: null, column: null, severity: 'error' }];
}

/** A `file:line:col` named at the start of a message or after a space (`props.json:3:5 is not valid JSON`). */
function locatedIn(message: string): { file: string; line: number; column: number } | undefined {
  const match = /(?:^|\s)([^\s:]+\.(?:[cm]?[jt]sx?|json|ndjson|jsonl|csv|tsv)):(\d+):(\d+)/.exec(message);
  if (match === null) return undefined;
  return { file: match[1] ?? '', line: Number(match[2]), column: Number(match[3]) };
}

/** Relative to `cwd` when inside it, with forward slashes; absolute otherwise. */
export function shown(file: string, cwd: string): string {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}
