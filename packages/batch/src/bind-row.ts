import { issue, type Issue } from '@vsynth/core';
import type { BindResult, BatchTemplate, DataRow } from '@vsynth/templates';
import type { RowResult } from './row-result.js';

/**
 * Binds a row through its template; a row the source flagged, or a template that throws, gives
 * the issues instead of a request.
 *
 * @example const bound = await bindRow(template, { row: 1, data: { name: 'Ana' } });
 */
export async function bindRow(template: BatchTemplate, dataRow: DataRow): Promise<BindResult> {
  if (dataRow.issues !== undefined && dataRow.issues.length > 0) return { ok: false, issues: dataRow.issues };
  try {
    return await template.bind(dataRow.data, dataRow.row);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [issue({ code: 'template', message, path: [], row: dataRow.row })] };
  }
}

/**
 * The result of a row that did not bind: failed, reason `invalid`, with its issues (the errors,
 * or every issue when none is an error).
 *
 * @example invalidResult(4, 'k', bound.issues, 0).errorCode // 'VSYNTH_TEMPLATE' or 'VSYNTH_VALIDATION'
 */
export function invalidResult(row: number, rowKey: string, issues: readonly Issue[], attempts: number): RowResult {
  const errors = issues.filter((item) => item.severity === 'error');
  const listed = errors.length > 0 ? errors : issues;
  return {
    row,
    rowKey,
    status: 'failed',
    reason: 'invalid',
    errorCode: listed.some((item) => item.code === 'template') ? 'VSYNTH_TEMPLATE' : 'VSYNTH_VALIDATION',
    errorMessage: listed.map((item) => item.message).join('; '),
    attempts,
    issues: listed,
  };
}
