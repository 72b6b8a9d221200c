/** The BullMQ queue every batch's row jobs go to. */
export const QUEUE_NAME = 'vsynth-rows';

/**
 * Redis keys of one batch: `settings` (JSON of {@link QueuedBatchSettings}), `rows` (row → recorded
 * state), `results` (row → results-file line), `cubes`/`reserved` (the cube budget), `next`/`pause`
 * (the shared rate limiter), `stop` (why the batch stopped).
 *
 * @example batchKeys('b1').results // 'vsynth:batch:b1:results'
 */
export function batchKeys(batchId: string) {
  const base = `vsynth:batch:${batchId}`;
  return {
    settings: `${base}:settings`,
    rows: `${base}:rows`,
    results: `${base}:results`,
    deliveries: `${base}:deliveries`,
    cubes: `${base}:cubes`,
    reserved: `${base}:reserved`,
    next: `${base}:next`,
    pause: `${base}:pause`,
    stop: `${base}:stop`,
    started: `${base}:started`,
    last: `${base}:last`,
  } as const;
}

/** What a worker needs to know about a batch; stored once by the enqueuer. Never holds credentials. */
export interface QueuedBatchSettings {
  readonly batchId: string;
  readonly template: string;
  readonly kind: 'create' | 'legacy' | 'modify';
  /** Rows in the data file, valid and invalid; `queued` counts the valid ones. */
  readonly rows: number;
  readonly queued: number;
  readonly rps?: number;
  readonly maxCubes?: number;
  readonly maxAttempts?: number;
  /** Webhook address given to the service; its secret comes from each worker's VSYNTH_WEBHOOK_SECRET. */
  readonly webhookUrl?: string;
  /** False: creates are sent without the row's project name (`nameProjects` of `runBatch`); default named. */
  readonly nameProjects?: boolean;
  /** Days the batch's keys live after its last activity; default `DEFAULT_RETENTION_DAYS` (30). */
  readonly retentionDays?: number;
  readonly created: string;
}

export interface RowJobData {
  readonly batchId: string;
  readonly row: number;
  readonly rowKey: string;
  readonly kind: 'create' | 'legacy' | 'modify';
  readonly body: Record<string, unknown>;
  readonly cubes: number;
  /** Send even if an earlier attempt has no known outcome (enqueued again with `resendUnknown`). */
  readonly resendUnknown?: boolean;
}
