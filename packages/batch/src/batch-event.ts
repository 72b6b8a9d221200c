import type { BatchSummary } from './batch-tally.js';
import type { RowResult } from './row-result.js';

/** What happened, as the batch goes: drives a progress display or an event log. */
export type BatchEvent =
  | {
      readonly type: 'start';
      readonly batchId: string;
      readonly resumed: boolean;
      readonly dryRun: boolean;
      readonly concurrency: number;
    }
  | {
      readonly type: 'row';
      readonly row: number;
      readonly rowKey: string;
      readonly status: RowResult['status'];
      readonly reason?: string;
      readonly message?: string;
      readonly skipped?: boolean;
      readonly projectId?: string;
      readonly attempts: number;
    }
  | {
      readonly type: 'retry';
      readonly row: number;
      readonly attempt: number;
      readonly delayMs: number;
      readonly reason: string;
    }
  | { readonly type: 'concurrency'; readonly limit: number; readonly reason: string }
  | { readonly type: 'warning'; readonly message: string; readonly row?: number }
  | { readonly type: 'webhooks'; readonly waiting: number }
  | { readonly type: 'end'; readonly summary: BatchSummary };
