/**
 * @vsynth/batch — run one service call per data row: bounded concurrency, a journal that makes a
 * batch resumable without spending cubes twice, limiters and a results file.
 */
export { AdaptiveLimit } from './adaptive-limit.js';
export type { BatchClient, WebhookCollector, WebhookDeliveryInfo } from './batch-client.js';
export type { BatchEvent } from './batch-event.js';
export { systemClock, type BatchClock } from './batch-clock.js';
export { journalStore, type BatchStore } from './batch-store.js';
export { BatchTally, type BatchSummary } from './batch-tally.js';
export {
  estimateRequestCubes,
  requestCubeEstimator,
  type EstimateRequestCubesOptions,
} from './estimate-request-cubes.js';
export { Journal } from './journal.js';
export type { JournalBatchEntry, JournalEntry, JournalResumeEntry, JournalState } from './journal-entry.js';
export { KeyLock } from './key-lock.js';
export { openJournal, type OpenJournalOptions } from './open-journal.js';
export { PROJECT_NAME_MAX_CHARS, rowProjectName } from './project-name.js';
export { ProjectPool } from './project-pool.js';
export { RateLimiter } from './rate-limiter.js';
export { RESULT_COLUMNS, openResultsFile, type ResultsSink } from './open-results-file.js';
export { readJournal } from './read-journal.js';
export {
  correlationId,
  recordedResult,
  resumeAction,
  rowOfCorrelationId,
  rowStateAfter,
  withDelivery,
  type AttemptRecord,
  type DeliveryRecord,
  type DoneRecord,
  type FailedRecord,
  type RowRecord,
  type RowState,
  type UnknownRecord,
} from './row-lifecycle.js';
export { failedResult, overMaxCubesResult, type RowResult, type RowStatus } from './row-result.js';
export { runBatch, type RunBatchOptions } from './run-batch.js';
export {
  checkSettleRowOptions,
  settleRow,
  unknownRow,
  unknownRows,
  type SettleRowOptions,
  type UnknownRow,
} from './settle-row.js';
export { sendRow, type RequestPacer, type RowToSend, type SendRowContext, type SentRow } from './send-row.js';
