/**
 * The life of one row of a batch as every batch store records it (the local journal, the queue's
 * Redis hash): the records written as its request goes, the state they add up to, and what a
 * later run does with a row in that state. One set of rules, so a resumed local batch and a
 * queued batch treat a row alike.
 */
import { omitUndefined } from '@vsynth/core';
import type { RowResult } from './row-result.js';

/** Recorded, and durable, before the row's request is sent. */
export interface AttemptRecord {
  readonly type: 'attempt';
  readonly row: number;
  readonly key: string;
  readonly attempt: number;
  /** Correlation id carried by the row's webhook address. */
  readonly cid: string;
  /** The project a modify changes. */
  readonly projectId?: string;
  /** The name a create gave its project (see `rowProjectName`): what finds it in the project list. */
  readonly name?: string;
  /** The request carried the batch's webhook address and exports: a delivery, even a late one, settles it. */
  readonly webhook?: true;
  readonly time: string;
}

/** The service accepted the row's request. */
export interface DoneRecord {
  readonly type: 'done';
  readonly row: number;
  readonly key: string;
  readonly projectId?: string;
  /** Legacy project key. */
  readonly projectKey?: string;
  readonly cubes?: number;
  /**
   * `response` (the service answered), `webhook` (a delivery carrying the row's correlation id) or
   * `settled` (a person found the project and said so with `settleRow`).
   */
  readonly via: 'response' | 'webhook' | 'settled';
  readonly time: string;
}

/** The service answered with an error: nothing was accepted, so the row may be sent again. */
export interface FailedRecord {
  readonly type: 'failed';
  readonly row: number;
  readonly key: string;
  readonly reason: string;
  readonly code: string;
  readonly message: string;
  readonly status?: number;
  readonly time: string;
}

/** The request may have reached the service but no answer came back (lost response, timeout). */
export interface UnknownRecord {
  readonly type: 'unknown';
  readonly row: number;
  readonly key: string;
  readonly reason: string;
  readonly message: string;
  readonly time: string;
}

/** A webhook delivery joined to a row through its correlation id. */
export interface DeliveryRecord {
  readonly type: 'delivery';
  readonly row: number;
  readonly cid: string;
  readonly videoUrl?: string;
  readonly duration?: number;
  readonly time: string;
}

/** What happened to one row: the records a batch store keeps. */
export type RowRecord = AttemptRecord | DoneRecord | FailedRecord | UnknownRecord | DeliveryRecord;

/** What the records say about one row. `attempt`: a request was sent and nothing came back. */
export interface RowState {
  readonly key: string;
  readonly status: 'attempt' | 'done' | 'failed' | 'unknown';
  readonly cid?: string;
  readonly projectId?: string;
  readonly projectKey?: string;
  /** The project name the row's create carried. */
  readonly name?: string;
  /** Its last request awaits a webhook delivery (see {@link AttemptRecord}). */
  readonly webhook?: true;
  readonly cubes?: number;
  readonly reason?: string;
  readonly message?: string;
  readonly code?: string;
  readonly videoUrl?: string;
  readonly duration?: number;
  readonly attempts: number;
  /** When the last attempt was recorded (its request sent right after). */
  readonly sentAt?: string;
}

/**
 * A row's state after one of its records (undefined: the record changes nothing).
 *
 * @example
 * const state = rowStateAfter(undefined, { type: 'attempt', row: 1, key: 'k', attempt: 1, cid: 'b1.1', time });
 * state?.status; // 'attempt'
 */
export function rowStateAfter(before: RowState | undefined, record: RowRecord): RowState | undefined {
  switch (record.type) {
    case 'attempt':
      return {
        key: record.key,
        status: 'attempt',
        cid: record.cid,
        attempts: (before?.attempts ?? 0) + 1,
        sentAt: record.time,
        ...omitUndefined({ projectId: record.projectId, name: record.name, webhook: record.webhook }),
      };
    case 'done':
      return {
        key: record.key,
        status: 'done',
        attempts: before?.attempts ?? 1,
        ...omitUndefined({
          cid: before?.cid,
          projectId: record.projectId ?? before?.projectId,
          projectKey: record.projectKey,
          name: before?.name,
          cubes: record.cubes,
          videoUrl: before?.videoUrl,
          duration: before?.duration,
        }),
      };
    case 'failed':
      return {
        ...before,
        key: record.key,
        status: 'failed',
        attempts: before?.attempts ?? 0,
        reason: record.reason,
        message: record.message,
        code: record.code,
      };
    case 'unknown':
      // The delivery can beat the lost answer to the store: the row stays done.
      if (before?.status === 'done') return undefined;
      return {
        ...before,
        key: record.key,
        status: 'unknown',
        attempts: before?.attempts ?? 1,
        reason: record.reason,
        message: record.message,
      };
    case 'delivery': {
      if (before === undefined) return undefined;
      // An export was delivered for the row's correlation id: its request was accepted, even if no
      // answer came back (or the batch stopped before the `done` record). Never resend it.
      const accepted = (before.status === 'attempt' || before.status === 'unknown') && before.cid === record.cid;
      return {
        ...before,
        ...(accepted ? { status: 'done' as const } : {}),
        ...omitUndefined({ videoUrl: record.videoUrl, duration: record.duration }),
      };
    }
  }
}

/**
 * What a new run does with a row a store already knows: `skip` a done row; leave a row sent
 * without a known outcome `unknown` unless `resendUnknown` (the service has no idempotency key,
 * so a resend may spend cubes twice); `send` any other (a failed row was not accepted).
 *
 * @example if (resumeAction(state, false) === 'skip') write(recordedResult(row, state!, 'done'));
 */
export function resumeAction(state: RowState | undefined, resendUnknown: boolean): 'skip' | 'unknown' | 'send' {
  if (state?.status === 'done') return 'skip';
  if ((state?.status === 'attempt' || state?.status === 'unknown') && !resendUnknown) return 'unknown';
  return 'send';
}

/**
 * The result of a row an earlier run (or another worker) already recorded: `done` rows are
 * skipped; a row attempted without outcome is `unknown` (it may have been accepted).
 *
 * @example const result = recordedResult(3, state, 'unknown'); // status unknown, reason no_outcome
 */
export function recordedResult(row: number, state: RowState, status: 'done' | 'unknown'): RowResult {
  const { key: rowKey, attempts, projectId, projectKey, cubes, videoUrl, duration } = state;
  const base = {
    row,
    rowKey,
    attempts,
    ...omitUndefined({ projectId, projectKey, cubes, videoUrl, duration: seconds(duration) }),
  };
  if (status === 'done') return { ...base, status: 'done', skipped: true };
  return {
    ...base,
    status: 'unknown',
    reason: state.reason ?? 'no_outcome',
    errorCode: 'VSYNTH_BATCH',
    errorMessage:
      state.message ??
      'A request for this row was sent but the batch stopped before its answer; not resent (it may have been accepted). Check the project list, then resume with `resendUnknown: true` to send it again.',
  };
}

/**
 * A done or unknown row's result joined with its export's delivery: done (a delivered export
 * proves the request was accepted), with the video's address and duration.
 *
 * @example withDelivery(unknownResult, { videoUrl: 'https://…/v.mp4', duration: 12.5 }).status // 'done'
 */
export function withDelivery(
  result: RowResult,
  delivery: { readonly videoUrl?: string | undefined; readonly duration?: number | string | undefined },
): RowResult {
  const { reason: _reason, errorCode: _code, errorMessage: _message, ...accepted } = result;
  return {
    ...(result.status === 'unknown' ? accepted : result),
    status: 'done',
    ...omitUndefined({ videoUrl: delivery.videoUrl, duration: seconds(delivery.duration) }),
  };
}

/** A duration in seconds as a number (journals and queues of earlier versions hold it as text). */
function seconds(value: number | string | undefined): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === undefined || !Number.isFinite(number) ? undefined : number;
}

/**
 * The correlation id of a row's webhook address: `<batchId>.<row>`.
 *
 * @example correlationId('b1', 7) // 'b1.7'
 */
export function correlationId(batchId: string, row: number): string {
  return `${batchId}.${row}`;
}

/**
 * The row of `batchId` a correlation id names, or undefined.
 *
 * @example rowOfCorrelationId('b1.7', 'b1') // 7
 */
export function rowOfCorrelationId(cid: string | undefined, batchId: string): number | undefined {
  if (cid === undefined || !cid.startsWith(`${batchId}.`)) return undefined;
  const row = Number(cid.slice(batchId.length + 1));
  return Number.isInteger(row) && row > 0 ? row : undefined;
}
