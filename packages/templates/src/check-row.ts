import { omitUndefined, zodIssuesToIssues } from '@vsynth/core';
import type { DataRow } from './data-row.js';

/** A zod schema (or anything with zod's `safeParse`) describing one row. */
export interface RowSchema {
  safeParse(
    input: unknown,
  ): { success: true; data: unknown } | { success: false; error: Parameters<typeof zodIssuesToIssues>[0] };
}

/**
 * Checks a row against a zod schema. A valid row carries the parsed data (coercions and
 * defaults applied); an invalid one carries an issue per problem naming row and column.
 *
 * @example
 * const schema = z.object({ email: z.email(), firstName: z.string().min(1) });
 * const checked = checkRow(schema, { row: 4, data: { email: 'x', firstName: '' } });
 * // checked.issues → [{ row: 4, field: 'email', … }, { row: 4, field: 'firstName', … }]
 */
export function checkRow(schema: RowSchema, dataRow: DataRow): DataRow {
  const result = schema.safeParse(dataRow.data);
  if (result.success) {
    const data =
      typeof result.data === 'object' && result.data !== null ? (result.data as Record<string, unknown>) : dataRow.data;
    return { ...dataRow, data };
  }
  const issues = zodIssuesToIssues(result.error, { input: dataRow.data, rootName: 'the row' }).map((item) => {
    const column = item.path[0];
    return {
      ...item,
      row: dataRow.row,
      ...omitUndefined({ field: column === undefined ? undefined : String(column) }),
    };
  });
  return { ...dataRow, issues: [...(dataRow.issues ?? []), ...issues] };
}
