import path from 'node:path';
import { UsageError, isValidationError, issue, omitUndefined, type Issue } from '@vsynth/core';
import {
  compile,
  importTsx,
  jsxDEV,
  propsSchemaOf,
  type CompileOptions,
  type FunctionComponent,
} from '@vsynth/jsx-runtime';
import type { BatchTemplate, BindResult } from './batch-template.js';
import { missingVariableIssue } from './missing-variable-issue.js';
import { rowProps } from './row-props.js';
import { schemaColumns, schemaRowProps } from './schema-row-props.js';
import { withRow } from './with-row.js';

export interface TsxTemplateOptions extends Omit<CompileOptions, 'subject'> {}

/**
 * Loads a TSX template: a `.tsx` file whose default export is a component taking the row as props;
 * each row compiles to its own create payload. A prop read that the row lacks is an error, unless
 * the module declares it optional (`export const optionalColumns = ['nickname']`).
 *
 * @example
 * // welcome.tsx: export default ({ firstName }: { firstName: string }) => <Video>…{`Hi ${firstName}`}…</Video>;
 * const template = await tsxTemplate('welcome.tsx', { variant: 'A' });
 * const bound = await template.bind({ firstName: 'Ana' }, 1);
 */
export async function tsxTemplate(file: string, options: TsxTemplateOptions = {}): Promise<BatchTemplate> {
  const exports = await importTsx(file);
  const component = exports['default'];
  const subject =
    path
      .relative(options.cwd ?? process.cwd(), path.resolve(file))
      .split(path.sep)
      .join('/') || file;
  if (typeof component !== 'function') {
    throw new UsageError(
      `${subject} must export default a component (row) => <Video>…</Video> to be a TSX template; each row becomes its props.`,
    );
  }
  const optional = optionalColumns(exports['optionalColumns'], subject);
  const schema = propsSchemaOf(exports, subject);
  const read = new Set<string>();
  const avatars = options.avatars ?? (exports['avatars'] as CompileOptions['avatars']);
  const compileOptions: CompileOptions = { ...options, subject, ...omitUndefined({ avatars }) };
  const kind = options.target === 'legacy' ? 'legacy' : 'create';
  const compileRow = async (element: ReturnType<typeof jsxDEV>, row: number): Promise<BindResult> => {
    try {
      const result = await compile(element, compileOptions);
      return {
        ok: true,
        request: { kind, body: result.payload as unknown as Record<string, unknown> },
        warnings: withRow(result.warnings, row),
      };
    } catch (error) {
      if (isValidationError(error)) {
        return {
          ok: false,
          issues: withRow(
            error.issues.filter((i: Issue) => i.severity === 'error'),
            row,
          ),
        };
      }
      const message = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        issues: [issue({ code: 'template', message: `${subject} failed for this row: ${message}`, path: [], row })],
      };
    }
  };
  return {
    kind,
    description: `TSX template ${subject}`,
    columnsRead: () => read,
    async bind(data, row): Promise<BindResult> {
      if (schema !== undefined) {
        // The schema names missing and ill-typed columns itself, each by row and column.
        for (const name of schemaColumns(schema, data)) read.add(name);
        const checked = schemaRowProps(schema, data, row);
        if (!checked.ok) return checked;
        return compileRow(jsxDEV(component as FunctionComponent, checked.props), row);
      }
      const tracked = rowProps(data, optional);
      // A component that reads a missing prop usually fails on the undefined later: report the cause.
      const missingProps = (): BindResult | undefined => {
        for (const name of tracked.read) read.add(name);
        if (tracked.missing.size === 0) return undefined;
        const columns = Object.keys(data);
        const issues = [...tracked.missing].map((name) => {
          const found = missingVariableIssue({ name, row, path: [], columns, noun: 'prop', usedBy: subject });
          return {
            ...found,
            message: `${found.message}; if the column is optional, list it in export const optionalColumns`,
          };
        });
        return { ok: false, issues };
      };
      const result = await compileRow(jsxDEV(component as FunctionComponent, tracked.props), row);
      return missingProps() ?? result;
    },
  };
}

function optionalColumns(value: unknown, subject: string): ReadonlySet<string> {
  if (value === undefined) return new Set();
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) {
    throw new UsageError(
      `${subject}: optionalColumns must be an array of column names, e.g. export const optionalColumns = ['nickname'];`,
    );
  }
  return new Set(value);
}
