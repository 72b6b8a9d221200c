/**
 * One row's request, from its first try to its outcome: wait for the rate limiter, record the
 * attempt, send, classify the answer, retry what may be retried, record the outcome. Shared by
 * `runBatch` (local journal) and the queue workers of `@vsynth/queue` (Redis): the two only
 * differ in their {@link BatchStore} and rate limiter.
 */
import {
  correlateWebhookUrl,
  isApiError,
  isNetworkError,
  isTimeoutError,
  isVsynthError,
  redactSecrets,
} from '@vsynth/core';
import type { BatchClient } from './batch-client.js';
import type { BatchClock } from './batch-clock.js';
import type { BatchStore } from './batch-store.js';
import type { BatchRequest } from '@vsynth/templates';
import { failedResult, type RowResult } from './row-result.js';

/** Starts requests no faster than allowed; `pause` holds every start (a `Retry-After`). */
export interface RequestPacer {
  take(signal?: AbortSignal): Promise<void>;
  /** Takes a start at once when no wait is needed (no promise); false: `take` is called. */
  tryTake?(): boolean;
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
  const { store, signal, clock } = context;
  let attempts = toSend.priorAttempts;
  let body = request.body;
  const projectId = request.kind === 'modify' ? String(body['projectId']) : undefined;
  const cid = `${context.batchId}.${row}`;
  // Only an export is delivered to the webhook (modify exports when asked; create and legacy unless told not to).
  const exports = request.kind === 'modify' ? body['isExport'] === true : body['isExport'] !== false;
  if (context.webhooks !== undefined) {
    body = { ...body, webhookUrl: correlateWebhookUrl(context.webhooks.url, { id: cid, secret: context.webhooks.secret }) };
  }
  let sentThisRun = false;
  for (let attempt = 1; ; attempt++) {
    if (context.stopped?.()) return stopped(row, rowKey, attempts, projectId);
    if (signal?.aborted) return interrupted(row, rowKey, attempts, projectId);
    if (context.pacer.tryTake?.() !== true) {
      try {
        await context.pacer.take(signal);
      } catch {
        return interrupted(row, rowKey, attempts, projectId);
      }
      // The batch may have stopped while this row waited for its turn.
      if (context.stopped?.()) return stopped(row, rowKey, attempts, projectId);
    }
    // Awaited only when the store returns a promise (the journal's outcome lines need none).
    const durable = store?.record({ type: 'attempt', row, key: rowKey, attempt: attempts + 1, cid, ...(projectId === undefined ? {} : { projectId }), time: new Date().toISOString() });
    if (durable !== undefined) await durable;
    attempts += 1;
    if (!sentThisRun) {
      sentThisRun = true;
      context.onSubmit?.();
    }
    try {
      const done = await call(context.client, request.kind, body);
      const spent = done.cubes ?? cubes;
      const recorded = store?.record({
        type: 'done',
        row,
        key: rowKey,
        via: 'response',
        ...(done.projectId === undefined ? {} : { projectId: done.projectId }),
        ...(done.projectKey === undefined ? {} : { projectKey: done.projectKey }),
        cubes: spent,
        time: new Date().toISOString(),
      });
      if (recorded !== undefined) await recorded;
      context.onSuccess?.();
      return {
        result: {
          row,
          rowKey,
          status: 'done',
          attempts,
          cubes: spent,
          ...(done.projectId === undefined ? {} : { projectId: done.projectId }),
          ...(done.projectKey === undefined ? {} : { projectKey: done.projectKey }),
        },
        awaitsDelivery: exports,
      };
    } catch (error) {
      const verdict = classify(error, context.sharedProject);
      const code = isVsynthError(error) ? error.code : 'VSYNTH_INTERNAL';
      const message = redactSecrets(error instanceof Error ? error.message : String(error), context.secrets ?? []);
      if (verdict.kind === 'unknown') {
        await store?.record({ type: 'unknown', row, key: rowKey, reason: verdict.reason, message, time: new Date().toISOString() });
        return { result: { row, rowKey, status: 'unknown', reason: verdict.reason, errorCode: code, errorMessage: message, attempts, cubes, ...(projectId === undefined ? {} : { projectId }) }, awaitsDelivery: exports };
      }
      await store?.record({
        type: 'failed',
        row,
        key: rowKey,
        reason: verdict.reason,
        code,
        message,
        ...(verdict.status === undefined ? {} : { status: verdict.status }),
        time: new Date().toISOString(),
      });
      if (verdict.kind === 'retry' && attempt < context.maxAttempts) {
        if (verdict.status === 429) context.on429?.();
        if (verdict.retryAfterMs !== undefined) await context.pacer.pause(verdict.retryAfterMs);
        const backoff = Math.min(context.maxBackoffMs, context.baseBackoffMs * 2 ** (attempt - 1)) * context.random();
        const delayMs = Math.round(Math.max(backoff, verdict.retryAfterMs ?? 0));
        context.onRetry?.({ row, attempt: attempt + 1, delayMs, reason: verdict.reason });
        try {
          await clock.sleep(delayMs, signal);
        } catch {
          return { result: failedResult(row, rowKey, attempts, 'interrupted', code, `Interrupted while waiting to retry after: ${message}`, projectId), awaitsDelivery: false };
        }
        continue;
      }
      const result = failedResult(row, rowKey, attempts, verdict.reason, code, message, projectId);
      // Refused credentials would fail every row alike: stop sending, finish what is in flight, report the error.
      return verdict.stopsBatch ? { result, awaitsDelivery: false, stopsBatch: error } : { result, awaitsDelivery: false };
    }
  }
}

function stopped(row: number, rowKey: string, attempts: number, projectId: string | undefined): SentRow {
  return { result: failedResult(row, rowKey, attempts, 'stopped', 'VSYNTH_BATCH', "Not sent: the batch stopped at another row's error (see the batch's message); resume to send it.", projectId), awaitsDelivery: false };
}

function interrupted(row: number, rowKey: string, attempts: number, projectId: string | undefined): SentRow {
  return { result: failedResult(row, rowKey, attempts, 'interrupted', 'VSYNTH_ABORTED', 'The batch was interrupted before this row was sent; resume to send it.', projectId), awaitsDelivery: false };
}

interface Verdict {
  readonly kind: 'retry' | 'failed' | 'unknown';
  readonly reason: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  /** The answer applies to every row (credentials refused): the batch stops. */
  readonly stopsBatch?: boolean;
}

/** Codes of connection failures that happen before any byte of the request reached the service. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Answers "may this request be sent again?". An error answer (4xx/5xx) means nothing was
 * accepted: 408, 429 and 5xx are retried, other 4xx fail. 401 and 403 stop the batch (the
 * credentials would be refused for every row), and so does a 404 of a modify whose project is
 * shared by rows (the template's fixed project or a pool project: it does not exist). A
 * connection that was never made is
 * retried. A request that may have reached the service without an answer (reset, timeout), or
 * with a 2xx answer the client cannot read, is `unknown`: the spec has no idempotency key, so
 * sending it again could spend cubes twice.
 */
function classify(error: unknown, sharedProject: boolean): Verdict {
  if (isApiError(error)) {
    // A 2xx the client cannot read (a new answer shape, a gateway's page) may still be an accepted request.
    if (error.status >= 200 && error.status < 300 && !saysFailed(error.body)) return { kind: 'unknown', reason: 'unreadable_answer' };
    const reason = `http_${error.status}`;
    if (error.transient) return { kind: 'retry', reason, status: error.status, ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }) };
    const stopsBatch = error.status === 401 || error.status === 403 || (error.status === 404 && sharedProject);
    return { kind: 'failed', reason, status: error.status, ...(stopsBatch ? { stopsBatch: true } : {}) };
  }
  if (isNetworkError(error)) {
    // `notSent`: the client saw the failure happen before the request left (refused, DNS, TLS, bad port).
    const notSent = (error as { notSent?: unknown }).notSent === true || NOT_SENT.has(causeCode(error) ?? '');
    return notSent ? { kind: 'retry', reason: 'network' } : { kind: 'unknown', reason: 'lost_response' };
  }
  if (isTimeoutError(error)) return { kind: 'unknown', reason: 'timeout' };
  if (isVsynthError(error) && error.code === 'VSYNTH_VALIDATION') return { kind: 'failed', reason: 'invalid' };
  return { kind: 'failed', reason: 'error' };
}

/** A body with `success: false`: the service said it did not do it. */
function saysFailed(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('VSYNTH_')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function call(client: BatchClient, kind: BatchRequest['kind'], body: Record<string, unknown>): Promise<{ projectId?: string; projectKey?: string; cubes?: number }> {
  // Bodies passed core's checkRequest when they were bound.
  if (kind === 'create') return { projectId: (await client.createProject(body as never)).projectId };
  if (kind === 'modify') return { projectId: (await client.modifyProject(body as never)).projectId };
  const legacy = await client.createLegacyProject(body as never);
  return { projectKey: legacy.key, ...(typeof legacy.cube_used === 'number' ? { cubes: legacy.cube_used } : {}) };
}
