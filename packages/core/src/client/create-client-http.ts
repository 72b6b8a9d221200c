/**
 * The client's HTTP layer, a thin one over ky: an instance per base address sharing its hooks. They
 * set `Authorization`, resend once with a fresh token after a 401, turn error answers into
 * `ApiError` and wait between GET retries through the client's injectable `sleep`. POSTs are never
 * retried blindly: a duplicate could spend cubes twice.
 */
import type { Hooks, HTTPError, KyInstance } from 'ky';
import { isApiError } from '../errors/api-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { VsynthError } from '../errors/vsynth-error.js';
import { omitUndefined } from '../object/omit-undefined.js';
import { parseResponse } from '../validate/parse-response.js';
import { apiErrorFromResponse } from './api-error-from-response.js';
import { backoffDelay } from './backoff-delay.js';
import { endpointLabel, type EndpointDefinition } from './endpoints.js';
import { networkErrorFor } from './network-error-for.js';
import { redactSecrets } from './redact-secrets.js';

/** The longest delay a node timer holds (about 24.8 days); ky refuses a longer `timeout`. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** State handed to `onRetry`. */
export interface RetryState {
  readonly endpoint: string;
  /** 1 for the first retry. */
  readonly attempt: number;
  readonly delayMs: number;
  readonly error: unknown;
}

export interface ClientHttpRetry {
  /** GET retries after the first attempt. */
  readonly limit: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A longer `Retry-After` ends the retries. */
  readonly maxRetryAfterMs: number;
}

export interface ClientHttpOptions {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  /** The `Authorization` value for the next attempt: a fixed key, or a cached or fresh token. */
  readonly authorization: (signal: AbortSignal | undefined) => Promise<string>;
  /** Forgets a token the service refused; absent for a fixed key, whose 401 is final. */
  readonly invalidate?: ((token: string | null) => void) | undefined;
  /** Every secret to keep out of errors, read at each failure (tokens are issued on the way). */
  readonly secrets: () => readonly string[];
  readonly retry: ClientHttpRetry;
  /** Per attempt, until the answer's headers; beyond `MAX_TIMER_MS` (`Infinity`) none. */
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch | undefined;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly clock: () => number;
  readonly random: () => number;
  readonly onRetry?: ((state: RetryState) => void) | undefined;
}

/** A request body made afresh for each attempt (the dubbing upload's multipart stream). */
export interface UploadBody {
  readonly headers: Readonly<Record<string, string>>;
  /** The body from its first byte; called once per attempt. */
  readonly stream: () => ReadableStream<Uint8Array>;
  /** False when `stream` can be read once only (a caller's stream): a 401 is then final. */
  readonly replayable: boolean;
}

export interface ClientHttpRequest<T> {
  readonly definition: EndpointDefinition;
  /** Fills `{key}` in the path, encoded. */
  readonly key?: string | undefined;
  readonly json?: unknown;
  readonly searchParams?: Record<string, string> | undefined;
  readonly upload?: UploadBody | undefined;
  readonly schema: { parse(value: unknown): T };
  readonly signal?: AbortSignal | undefined;
  /** Instead of the client's `timeoutMs`. */
  readonly timeoutMs?: number | undefined;
}

/** Sends one call (with its retries) and returns its answer validated by `schema`. */
export type ClientHttp = <T>(request: ClientHttpRequest<T>) => Promise<T>;

/** What the hooks know of the call they serve, through ky's `context`. */
interface Call {
  readonly endpoint: string;
  readonly method: 'GET' | 'POST';
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  readonly replayable: boolean;
  reissued: boolean;
}

/**
 * Creates the HTTP layer the client's methods call.
 *
 * @example
 * const send = createClientHttp({ baseUrl, legacyBaseUrl: baseUrl, authorization: async () => key, secrets: () =>
 * [key], ... })
 * const { projectId } = await send({ definition: ENDPOINTS.modifyProject, json: request, schema:
 * projectCreateResponseSchema })
 */
export function createClientHttp(options: ClientHttpOptions): ClientHttp {
  // ky is imported at the first request, not with the package: its import probes fetch's streams
  // (~45 ms), which the commands that send nothing (`vsynth compile`) would pay too.
  let layer: Promise<KyLayer> | undefined;
  return async (request) => {
    layer ??= import('ky').then((ky) => createKyLayer(ky, options));
    return send(request, await layer, options);
  };
}

type Ky = typeof import('ky');

interface KyLayer {
  readonly instances: { readonly v3: KyInstance; readonly legacy: KyInstance };
  /** The error a call that failed this way throws. */
  readonly failureOf: (error: unknown, call: Call, notSent?: boolean) => unknown;
}

/** ky instances for both base addresses, sharing the hooks the file header describes, and their failures as thrown. */
function createKyLayer(
  { default: ky, isForceRetryError, isTimeoutError: isKyTimeoutError }: Ky,
  options: ClientHttpOptions,
): KyLayer {
  const { retry, secrets, invalidate } = options;

  function failureOf(error: unknown, call: Call, notSent = false): unknown {
    if (error instanceof VsynthError || isApiError(error)) return error;
    if (isKyTimeoutError(error) && call.signal?.aborted !== true) {
      return new TimeoutError(call.endpoint, call.timeoutMs);
    }
    return networkErrorFor(call.endpoint, error, {
      method: call.method,
      idempotent: call.method === 'GET',
      signal: call.signal,
      notSent,
    });
  }

  const hooks: Hooks = {
    beforeRequest: [
      async (request, { context }) => {
        const call = callOf(context);
        try {
          request.headers.set('authorization', await options.authorization(call.signal));
        } catch (error) {
          // Without a token, or with one fetch refuses as a header, nothing was sent.
          throw failureOf(error, call, true);
        }
      },
    ],
    // Only with issued tokens: ky tees every response for an afterResponse hook, a cost an API key need not pay.
    afterResponse:
      invalidate === undefined
        ? []
        : [
            (request, { context }, response) => {
              const call = callOf(context);
              if (response.status !== 401 || call.reissued || !call.replayable) return;
              // Nothing was processed: once per call, the same body with a fresh token, at once.
              call.reissued = true;
              invalidate(request.headers.get('authorization'));
              return ky.retry({ code: 'TOKEN_REISSUED' });
            },
          ],
    beforeError: [
      async (error) => {
        const { response } = error;
        const apiError = apiErrorFromResponse({
          status: response.status,
          statusText: response.statusText,
          endpoint: callOf(error.options.context).endpoint,
          bodyText: await response.text(),
          retryAfter: response.headers.get('retry-after'),
          secrets: secrets(),
          now: options.clock(),
        });
        // ky throws whatever this returns. Its HTTPError is not kept: it holds the request, credentials included.
        return apiError as unknown as HTTPError;
      },
    ],
    beforeRetry: [
      async ({ error, retryCount, options: { context } }) => {
        if (isForceRetryError(error)) return;
        const call = callOf(context);
        const failure = redactMessage(failureOf(error, call), secrets());
        const delayMs =
          isApiError(failure) && failure.retryAfterMs !== undefined
            ? failure.retryAfterMs
            : backoffDelay(retryCount, {
                baseDelayMs: retry.baseDelayMs,
                maxDelayMs: retry.maxDelayMs,
                random: options.random,
              });
        options.onRetry?.({ endpoint: call.endpoint, attempt: retryCount, delayMs, error: failure });
        await options.sleep(delayMs, call.signal);
      },
    ],
  };

  const v3 = ky.create({
    prefixUrl: options.baseUrl,
    headers: { accept: 'application/json' },
    // A 3xx is an ApiError: following it would resend a POST as a GET.
    redirect: 'manual',
    retry: {
      // One more than ours: to ky, the resend after a token re-issue is a retry too.
      limit: retry.limit + 1,
      methods: ['get'],
      shouldRetry: ({ error, retryCount }) => retryCount <= retry.limit && worthRetrying(error, retry.maxRetryAfterMs),
      // ky's own wait is a timer; the backoff is slept in beforeRetry, through the injectable sleep.
      delay: () => 0,
    },
    hooks,
    ...omitUndefined({ fetch: options.fetch }),
  });
  return { instances: { v3, legacy: v3.extend({ prefixUrl: options.legacyBaseUrl }) }, failureOf };
}

/** One call through ky: its answer validated, or the error it failed with, secrets removed. */
async function send<T>(
  request: ClientHttpRequest<T>,
  { instances, failureOf }: KyLayer,
  options: ClientHttpOptions,
): Promise<T> {
  const { definition, signal } = request;
  const path =
    request.key === undefined ? definition.path : definition.path.replace('{key}', encodeURIComponent(request.key));
  const timeoutMs = request.timeoutMs ?? options.timeoutMs;
  const call: Call = {
    endpoint: endpointLabel(definition.method, path),
    method: definition.method,
    signal,
    timeoutMs,
    replayable: request.upload?.replayable ?? true,
    reissued: false,
  };
  let text: string;
  try {
    const response = await instances[definition.base](path, {
      method: definition.method,
      context: { call },
      timeout: timeoutMs > MAX_TIMER_MS ? false : timeoutMs,
      ...omitUndefined({
        json: request.json,
        searchParams: request.searchParams,
        signal,
        headers: request.upload?.headers,
        fetch: request.upload === undefined ? undefined : withBody(request.upload, options.fetch),
      }),
    });
    text = await response.text();
  } catch (error) {
    throw redactMessage(failureOf(error, call), options.secrets());
  }
  return parseBody(text, request.schema, call.endpoint, options.secrets());
}

/**
 * ky 1.x clones a request before each attempt so that it can resend it, and a cloned stream keeps
 * every byte read from it: an upload's body is attached here instead, made afresh per attempt.
 */
function withBody(upload: UploadBody, fetchFn: typeof fetch | undefined): typeof fetch {
  return (input, init) =>
    (fetchFn ?? globalThis.fetch)(new Request(input as Request, streamedBody(upload.stream())), init);
}

function callOf(context: Record<string, unknown>): Call {
  return context['call'] as Call;
}

/** Whether a GET that failed this way may succeed when sent again: no answer, 408, 429, 5xx. */
function worthRetrying(error: unknown, maxRetryAfterMs: number): boolean {
  if (isApiError(error))
    return error.transient && (error.retryAfterMs === undefined || error.retryAfterMs <= maxRetryAfterMs);
  return !(error instanceof VsynthError && error.code === 'VSYNTH_ABORTED');
}

function parseBody<T>(
  text: string,
  schema: { parse(value: unknown): T },
  endpoint: string,
  secrets: readonly string[],
): T {
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  // An answer that echoes a credential must not carry it into an error. Redacted once parsed:
  // the text may hold it JSON-escaped (`\/`, `\u…`).
  return parseResponse(schema as never, redactSecrets(body, secrets), { endpoint }) as T;
}

/**
 * The same error with every secret removed from its message and stack, and from its causes'
 * (fetch quotes a header value it refuses; an `issueToken` may quote the user key).
 */
function redactMessage(error: unknown, secrets: readonly string[]): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    for (const field of ['message', 'stack'] as const) {
      const text = current[field];
      if (typeof text !== 'string') continue;
      const redacted = redactSecrets(text, secrets);
      // Defined, not assigned: a DOMException's message is a getter.
      if (redacted !== text)
        Object.defineProperty(current, field, { value: redacted, writable: true, configurable: true });
    }
    current = current.cause;
  }
  return error;
}

/** Request options that send `body` as it is read; `duplex` is not in every lib's `RequestInit`. */
function streamedBody(body: ReadableStream<Uint8Array>): RequestInit {
  const init: RequestInit & { duplex: 'half' } = { body, duplex: 'half' };
  return init;
}
