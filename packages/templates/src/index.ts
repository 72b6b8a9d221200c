/**
 * @vsynth/templates — bind data rows (CSV, JSON, NDJSON, iterables) through strict Handlebars,
 * payload and TSX templates to one modify or create request per row (`@vsynth/batch` sends them).
 */
export type { BatchRequest, BatchRequestKind, BatchTemplate, BindResult, SyncBatchTemplate } from './batch-template.js';
export { checkRow, type RowSchema } from './check-row.js';
export { compileText, type CompileTextOptions, type FieldEscape, type TextTemplate } from './compile-text.js';
export {
  TEMPLATE_HELPERS,
  createHandlebars,
  type CreateHandlebarsOptions,
  type HandlebarsEnv,
} from './create-handlebars.js';
export { csvRows, type CsvRowsOptions } from './csv-rows.js';
export type { DataRow } from './data-row.js';
export { iterableRows } from './iterable-rows.js';
export { jsonRows } from './json-rows.js';
export { loadTemplate, type LoadTemplateOptions, type LoadedTemplate } from './load-template.js';
export { missingVariableIssue, type MissingVariableIssueOptions } from './missing-variable-issue.js';
export { modifyTemplate, type ModifyTemplateOptions } from './modify-template.js';
export { ndjsonRows } from './ndjson-rows.js';
export { payloadTemplate, type PayloadTemplateOptions } from './payload-template.js';
export { rowProps, type RowProps } from './row-props.js';
export { DATA_FILE_EXTENSIONS, rowsFromFile, type RowsFromFileOptions } from './rows-from-file.js';
export { toDataRow } from './to-data-row.js';
export { coerceCells } from './coerce-cells.js';
export { schemaColumns, schemaRowProps, type SchemaRowProps } from './schema-row-props.js';
export { tsxTemplate, type TsxTemplateOptions } from './tsx-template.js';
export { withRow } from './with-row.js';

// Defined in @vsynth/core (shared with the TSX compiler and the sandbox), re-exported for templates' users.
export { DEFAULT_CUBE_RATES, escapeHtml, type CubeRates } from '@vsynth/core';
