/**
 * @vsynth/batch — run one service call per data row: bounded concurrency, a journal that makes a
 * batch resumable without spending cubes twice, limiters and a results file.
 */
export { AdaptiveLimit } from './adaptive-limit.js';
export type { BatchClient, WebhookCollector, WebhookDeliveryInfo } from './batch-client.js';
export { systemClock, type BatchClock } from './batch-clock.js';
export { journalStore, type BatchStore, type RowRecord } from './batch-store.js';
export { estimateCubes, type EstimateCubesOptions } from './estimate-cubes.js';
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
export { KeyLock } from './key-lock.js';
export { ProjectPool } from './project-pool.js';
export { RateLimiter } from './rate-limiter.js';
export { RESULT_COLUMNS, openResultsFile, type ResultsSink } from './open-results-file.js';
export type { RowResult, RowStatus } from './row-result.js';
export { runBatch, type BatchEvent, type BatchSummary, type RunBatchOptions } from './run-batch.js';
export { failedResult, recordedResult, sendRow, type RequestPacer, type RowToSend, type SendRowContext, type SentRow } from './send-row.js';
