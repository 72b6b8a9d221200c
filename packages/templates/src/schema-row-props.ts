import { isValidationError, type Issue } from '@vsynth/core';
import { parseProps, propsJsonSchema, type PropsSchema } from '@vsynth/jsx-runtime';
import { coerceCells } from './coerce-cells.js';
import { withRow } from './with-row.js';

export type SchemaRowProps =
  | { readonly ok: true; readonly props: Record<string, unknown> }
  | { readonly ok: false; readonly issues: Issue[] };

/**
 * A data row as the props a video's schema describes: each cell read as its prop's type, then parsed
 * by the schema (defaults applied). Columns the schema does not name are left out, not refused.
 * Problems name the row and the column: `column "price": must be a number, received "12,50"`.
 *
 * @example schemaRowProps(schema, { name: 'Ana', seats: '3' }, 1) // { ok: true, props: { name: 'Ana', seats: 3 } }
 */
export function schemaRowProps(
  schema: PropsSchema,
  data: Readonly<Record<string, unknown>>,
  row: number,
): SchemaRowProps {
  try {
    const cells = coerceCells(data, propsJsonSchema(schema));
    return { ok: true, props: parseProps(schema, cells, { name: `row ${row}` }, { unknownKeys: 'ignore' }) };
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { ok: false, issues: withRow(columnIssues(error.issues), row) };
  }
}

/** The columns of `data` that the schema names: the ones a row's video reads. */
export function schemaColumns(schema: PropsSchema, data: Readonly<Record<string, unknown>>): string[] {
  const declared = propsJsonSchema(schema).properties ?? {};
  return Object.keys(data).filter((name) => Object.hasOwn(declared, name));
}

function columnIssues(issues: readonly Issue[]): Issue[] {
  return issues.map((found) => {
    const column = found.path[0];
    if (typeof column !== 'string') return found;
    const rest = found.message.startsWith(`${column} `) ? found.message.slice(column.length + 1) : found.message;
    return { ...found, message: `column "${column}": ${rest}` };
  });
}
