/**
 * One row's request, from its first try to its outcome: wait for the pacer, record the attempt,
 * send, classify the answer, retry what may be retried, record the outcome. Shared by `runBatch`
 * (local journal) and the queue workers of `@vsynth/queue` (Redis): the two only differ in their
 * {@link BatchStore} and pacer.
 */
import { correlateWebhookUrl, isVsynthError, omitUndefined, redactSecrets } from '@vsynth/core';
import type { BatchRequest } from '@vsynth/templates';
import type { BatchClient } from './batch-client.js';
import type { BatchClock } from './batch-clock.js';
import type { BatchStore } from './batch-store.js';
import { classifyFailure } from './classify-failure.js';
import { namesProject, rowProjectName } from './project-name.js';
import { correlationId } from './row-lifecycle.js';
import { failedResult, type RowResult } from './row-result.js';

/** Starts requests no faster than allowed; `pause` holds every start (a `Retry-After`). */
export interface RequestPacer {
  take(signal?: AbortSignal): Promise<void>;
  pause(ms: number): void | Promise<void>;
}

/** What one row's sending needs from its batch. */
export interface SendRowContext {
  readonly client: BatchClient;
  readonly batchId: string;
  /** Records attempts and outcomes; without one nothing is recorded (no resume possible). */
  readonly store?: BatchStore | undefined;
  readonly pacer: RequestPacer;
  readonly maxAttempts: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;
  /**
   * Give each create whose template sets no `name` the row's project name (`rowProjectName`), so
   * a lost answer's project can be found in the service's project list; default true.
   */
  readonly nameProjects?: boolean;
  /** Webhook address and secret: each request gets the row's correlated `webhookUrl`. */
  readonly webhooks?: { readonly url: string; readonly secret: string } | undefined;
  /** The modify's project is shared by rows (fixed or from a pool): a 404 stops the batch. */
  readonly sharedProject: boolean;
  readonly clock: BatchClock;
  readonly random: () => number;
  readonly signal?: AbortSignal | undefined;
  /** Removed from every error message recorded or returned (an error text may quote a configured secret). */
  readonly secrets?: readonly string[];
  /** True once another row's error stopped the batch: the row is not sent. */
  readonly stopped?: () => boolean;
  /** The row's first request of this run is about to be sent. */
  readonly onSubmit?: () => void;
  readonly onSuccess?: () => void;
  readonly on429?: () => void;
  readonly onRetry?: (retry: { row: number; attempt: number; delayMs: number; reason: string }) => void;
}

/** A bound row ready to send; a modify's `body.projectId` is the project it changes. */
export interface RowToSend {
  readonly row: number;
  readonly rowKey: string;
  readonly request: BatchRequest;
  /** Estimated cubes (a legacy answer's `cube_used` replaces it). */
  readonly cubes: number;
  /** Requests sent for this row by earlier runs. */
  readonly priorAttempts: number;
}

export interface SentRow {
  readonly result: RowResult;
  /** The request was sent with the webhook address and exports: a delivery will come. */
  readonly awaitsDelivery: boolean;
  /** An answer that would fail every row alike (credentials refused): the batch must stop. */
  readonly stopsBatch?: unknown;
}

/**
 * Sends one row until it is done, failed or unknown; never throws for the service's answers.
 *
 * @example
 * const { result } = await sendRow(context, { row: 3, rowKey: 'ada', request, cubes: 12, priorAttempts: 0 });
 * if (result.status === 'unknown') console.log('sent, no answer: not resent');
 */
export async function sendRow(context: SendRowContext, toSend: RowToSend): Promise<SentRow> {
  const { row, rowKey, request, cubes } = toSend;
  const { store, signal } = context;
  const projectId = request.kind === 'modify' ? String(request.body['projectId']) : undefined;
  const cid = correlationId(context.batchId, row);
  // Only an export is delivered to the webhook (modify exports when asked; create and legacy unless told not to).
  const exports = request.kind === 'modify' ? request.body['isExport'] === true : request.body['isExport'] !== false;
  const name = namesProject(request.kind, request.body, context.nameProjects !== false)
    ? rowProjectName(cid, rowKey)
    : undefined;
  const body = {
    ...request.body,
    ...omitUndefined({ name }),
    ...(context.webhooks === undefined
      ? {}
      : { webhookUrl: correlateWebhookUrl(context.webhooks.url, { id: cid, secret: context.webhooks.secret }) }),
  };
  const notSent = (reason: 'stopped' | 'interrupted'): SentRow => ({
    result: notSentResult(row, rowKey, attempts, reason, projectId),
    awaitsDelivery: false,
  });
  let attempts = toSend.priorAttempts;
  for (let attempt = 1; ; attempt++) {
    if (context.stopped?.()) return notSent('stopped');
    try {
      await context.pacer.take(signal);
    } catch {
      return notSent('interrupted');
    }
    // The batch may have stopped, or been interrupted, while this row waited for its turn.
    if (context.stopped?.()) return notSent('stopped');
    if (signal?.aborted) return notSent('interrupted');
    await store?.record({
      type: 'attempt',
      row,
      key: rowKey,
      attempt: attempts + 1,
      cid,
      ...omitUndefined({ projectId, name }),
      ...(context.webhooks !== undefined && exports ? { webhook: true as const } : {}),
      time: now(),
    });
    attempts += 1;
    if (attempts === toSend.priorAttempts + 1) context.onSubmit?.();
    try {
      const answer = await call(context.client, request.kind, body);
      const spent = answer.cubes ?? cubes;
      const ids = omitUndefined({ projectId: answer.projectId, projectKey: answer.projectKey });
      await store?.record({ type: 'done', row, key: rowKey, via: 'response', ...ids, cubes: spent, time: now() });
      context.onSuccess?.();
      return { result: { row, rowKey, status: 'done', attempts, cubes: spent, ...ids }, awaitsDelivery: exports };
    } catch (error) {
      const verdict = classifyFailure(error, context.sharedProject);
      const code = isVsynthError(error) ? error.code : 'VSYNTH_INTERNAL';
      const message = redactSecrets(error instanceof Error ? error.message : String(error), context.secrets ?? []);
      if (verdict.kind === 'unknown') {
        await store?.record({ type: 'unknown', row, key: rowKey, reason: verdict.reason, message, time: now() });
        const result: RowResult = {
          row,
          rowKey,
          status: 'unknown',
          reason: verdict.reason,
          errorCode: code,
          errorMessage: message,
          attempts,
          cubes,
          ...omitUndefined({ projectId }),
        };
        return { result, awaitsDelivery: exports };
      }
      await store?.record({
        type: 'failed',
        row,
        key: rowKey,
        reason: verdict.reason,
        code,
        message,
        ...omitUndefined({ status: verdict.status }),
        time: now(),
      });
      if (verdict.kind === 'retry' && attempt < context.maxAttempts) {
        if (verdict.status === 429) context.on429?.();
        if (verdict.retryAfterMs !== undefined) await context.pacer.pause(verdict.retryAfterMs);
        const backoff = Math.min(context.maxBackoffMs, context.baseBackoffMs * 2 ** (attempt - 1)) * context.random();
        const delayMs = Math.round(Math.max(backoff, verdict.retryAfterMs ?? 0));
        context.onRetry?.({ row, attempt: attempt + 1, delayMs, reason: verdict.reason });
        try {
          await context.clock.sleep(delayMs, signal);
        } catch {
          const result = failedResult(
            row,
            rowKey,
            attempts,
            'interrupted',
            code,
            `Interrupted while waiting to retry after: ${message}`,
            projectId,
          );
          return { result, awaitsDelivery: false };
        }
        continue;
      }
      const result = failedResult(row, rowKey, attempts, verdict.reason, code, message, projectId);
      // Refused credentials would fail every row alike: stop sending, finish what is in flight, report the error.
      return verdict.stopsBatch
        ? { result, awaitsDelivery: false, stopsBatch: error }
        : { result, awaitsDelivery: false };
    }
  }
}

function notSentResult(
  row: number,
  rowKey: string,
  attempts: number,
  reason: 'stopped' | 'interrupted',
  projectId: string | undefined,
): RowResult {
  return reason === 'stopped'
    ? failedResult(
        row,
        rowKey,
        attempts,
        'stopped',
        'VSYNTH_BATCH',
        "Not sent: the batch stopped at another row's error (see the batch's message); resume to send it.",
        projectId,
      )
    : failedResult(
        row,
        rowKey,
        attempts,
        'interrupted',
        'VSYNTH_ABORTED',
        'The batch was interrupted before this row was sent; resume to send it.',
        projectId,
      );
}

function now(): string {
  return new Date().toISOString();
}

async function call(
  client: BatchClient,
  kind: BatchRequest['kind'],
  body: Record<string, unknown>,
): Promise<{ projectId?: string; projectKey?: string; cubes?: number }> {
  // Bodies passed core's checkRequest when they were bound.
  if (kind === 'create') return { projectId: (await client.createProject(body as never)).projectId };
  if (kind === 'modify') return { projectId: (await client.modifyProject(body as never)).projectId };
  const legacy = await client.createLegacyProject(body as never);
  return { projectKey: legacy.key, ...(typeof legacy.cube_used === 'number' ? { cubes: legacy.cube_used } : {}) };
}
