import { omitUndefined, type Issue } from '@vsynth/core';

/**
 * How a row ended. `done`: the service accepted its request. `failed`: it was not accepted
 * (`reason` says why; nothing was spent, so a later run may send it again). `unknown`: its
 * request may have reached the service but no answer came back; it is not resent without
 * `resendUnknown`. `ok`: a dry run bound and validated it.
 */
export type RowStatus = 'done' | 'failed' | 'unknown' | 'ok';

/** One line of the results file. */
export interface RowResult {
  readonly row: number;
  readonly rowKey: string;
  readonly status: RowStatus;
  /**
   * Why a row failed or is unknown, e.g. `invalid`, `http_400`, `http_429`, `network`, `lost_response`,
   * `unreadable_answer`, `no_outcome`, `interrupted`, `max_cubes`.
   */
  readonly reason?: string;
  readonly projectId?: string;
  /** Legacy project key. */
  readonly projectKey?: string;
  readonly errorCode?: string;
  readonly errorMessage?: string;
  /** Requests sent for this row over all runs. */
  readonly attempts: number;
  /** True when a resumed run found the row already done in the journal. */
  readonly skipped?: boolean;
  readonly cubes?: number;
  readonly videoUrl?: string;
  readonly duration?: number;
  /** Every problem of an invalid row (also summarised in `errorMessage`). */
  readonly issues?: readonly Issue[];
}

/**
 * A row that was not accepted.
 *
 * @example failedResult(4, 'k', 0, 'http_400', 'VSYNTH_API', 'Request failed with status 400 Bad Request')
 */
export function failedResult(
  row: number,
  rowKey: string,
  attempts: number,
  reason: string,
  errorCode: string,
  errorMessage: string,
  projectId?: string,
): RowResult {
  return {
    row,
    rowKey,
    status: 'failed',
    reason,
    errorCode,
    errorMessage,
    attempts,
    ...omitUndefined({ projectId }),
  };
}

/**
 * A row not sent because the batch's estimated cubes would exceed `maxCubes`.
 *
 * @example overMaxCubesResult(4, 'k', 0, 100).errorMessage // 'Not sent: the batch would exceed `maxCubes` 100.'
 */
export function overMaxCubesResult(
  row: number,
  rowKey: string,
  attempts: number,
  maxCubes: number | undefined,
): RowResult {
  return failedResult(
    row,
    rowKey,
    attempts,
    'max_cubes',
    'VSYNTH_BATCH',
    `Not sent: the batch would exceed \`maxCubes\` ${maxCubes}.`,
  );
}
