/**
 * @vsynth/templates — bind data rows (CSV, JSON, NDJSON, iterables) through strict Handlebars
 * templates to resumable batches of modify or create calls, with a journal and a results file.
 */
export { AdaptiveLimit } from './adaptive-limit.js';
export type { BatchClient, WebhookCollector, WebhookDeliveryInfo } from './batch-client.js';
export { systemClock, type BatchClock } from './batch-clock.js';
export { journalStore, type BatchStore, type RowRecord } from './batch-store.js';
export type { BatchRequest, BatchRequestKind, BatchTemplate, BindResult, SyncBatchTemplate } from './batch-template.js';
export { checkRow, type RowSchema } from './check-row.js';
export { compileText, type CompileTextOptions, type FieldEscape, type TextTemplate } from './compile-text.js';
export { TEMPLATE_HELPERS, createHandlebars, type CreateHandlebarsOptions, type HandlebarsEnv } from './create-handlebars.js';
export { csvRows, type CsvRowsOptions } from './csv-rows.js';
export type { DataRow } from './data-row.js';
export { estimateCubes, type EstimateCubesOptions } from './estimate-cubes.js';
export { iterableRows } from './iterable-rows.js';
export {
  Journal,
  openJournal,
  readJournal,
  rowStateAfter,
  type JournalEntry,
  type JournalRowState,
  type JournalState,
  type OpenJournalOptions,
} from './journal.js';
export { jsonRows } from './json-rows.js';
export { KeyLock } from './key-lock.js';
export { loadTemplate, type LoadTemplateOptions, type LoadedTemplate } from './load-template.js';
export { missingVariableIssue, type MissingVariableIssueOptions } from './missing-variable-issue.js';
export { modifyTemplate, type ModifyTemplateOptions } from './modify-template.js';
export { ndjsonRows } from './ndjson-rows.js';
export { payloadTemplate, type PayloadTemplateOptions } from './payload-template.js';
export { ProjectPool } from './project-pool.js';
export { RateLimiter } from './rate-limiter.js';
export { RESULT_COLUMNS, openResultsFile, type ResultsSink } from './open-results-file.js';
export type { RowResult, RowStatus } from './row-result.js';
export { rowProps, type RowProps } from './row-props.js';
export { DATA_FILE_EXTENSIONS, rowsFromFile, type RowsFromFileOptions } from './rows-from-file.js';
export { runBatch, type BatchEvent, type BatchSummary, type RunBatchOptions } from './run-batch.js';
export { failedResult, recordedResult, sendRow, type RequestPacer, type RowToSend, type SendRowContext, type SentRow } from './send-row.js';
export { toDataRow } from './to-data-row.js';
export { tsxTemplate, type TsxTemplateOptions } from './tsx-template.js';
export { withRow } from './with-row.js';

// Defined once in @vsynth/core and re-exported under the names this package always had: the
// script text escaping (shared with the TSX compiler) and the cube cost (what the sandbox charges).
export { DEFAULT_CUBE_RATES, escapeHtml, type CubeRates } from '@vsynth/core';
