/**
 * The typed client for the video synthesis service: one method per endpoint of the spec, over a
 * minimal transport (`node:http` with a keep-alive agent, or the `fetch` option). One request
 * loop sets the auth header, re-issues the token and retries once after a 401, turns error
 * answers into `ApiError`, and retries GETs with our backoff and `Retry-After` (slept through the
 * injectable `sleep`). POSTs are never retried blindly: a duplicate could spend cubes twice.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { isApiError } from '../errors/api-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { UsageError } from '../errors/usage-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { VsynthError } from '../errors/vsynth-error.js';
import { dubbingProgressSchema, dubbingUploadResponseSchema, type DubbingProgress, type DubbingUploadResponse } from '../schemas/dubbing.js';
import type { EditRequest } from '../schemas/edit.js';
import { legacyAudioResponseSchema, type LegacyAudioRequest } from '../schemas/legacy-audio.js';
import { legacyFindResponseSchema } from '../schemas/legacy-find.js';
import { legacyProjectResponseSchema, type LegacyProjectRequest, type LegacyProjectResponse } from '../schemas/legacy-project.js';
import type { ModifyRequest } from '../schemas/modify.js';
import { projectCreateResponseSchema, type ProjectCreateRequest, type ProjectCreateResponse } from '../schemas/project-create.js';
import { findRequestIssues } from '../validate/check-request.js';
import { parseResponse } from '../validate/parse-response.js';
import type { RequestKind } from '../validate/request-kind.js';
import { apiErrorFromResponse } from './api-error-from-response.js';
import { backoffDelay } from './backoff-delay.js';
import { resolveClientConfig, type ClientCredentialOptions } from './client-config.js';
import { prepareDubbingUpload, type DubbingUploadRequest } from './dubbing-upload.js';
import { ENDPOINTS, endpointLabel, type EndpointDefinition } from './endpoints.js';
import { fetchTransport } from './fetch-transport.js';
import { networkErrorFor } from './network-error-for.js';
import { nodeHttpTransport } from './node-http-transport.js';
import { redactSecrets } from './redact-secrets.js';
import { sandboxTokenIssuer } from './sandbox-token-issuer.js';
import { sendMultipart } from './send-multipart.js';
import { createTokenProvider, type TokenProvider } from './token-provider.js';
import { MAX_TIMER_MS, type Transport, type TransportAnswer } from './transport.js';
import { waitForDubbing, type WaitForDubbingOptions } from './wait-for-dubbing.js';

/** How GETs are retried. POSTs are never retried except once after a token refresh. */
export interface ClientRetryOptions {
  /** Retries after the first attempt. Default 3. */
  readonly limit?: number;
  /** First backoff delay before jitter. Default 300 ms. */
  readonly baseDelayMs?: number;
  /** Largest backoff delay. Default 10 s. */
  readonly maxDelayMs?: number;
  /** A `Retry-After` longer than this ends the retries with the 429/503 error. Default 60 s. */
  readonly maxRetryAfterMs?: number;
}

/** State handed to `onRetry`. */
export interface RetryState {
  readonly endpoint: string;
  /** 1 for the first retry. */
  readonly attempt: number;
  readonly delayMs: number;
  readonly error: unknown;
}

export interface CreateClientOptions extends ClientCredentialOptions {
  /** Limit for one attempt of a JSON request, until the answer's headers. Default 30 s. */
  readonly timeoutMs?: number;
  /** Limit for a dubbing upload until the answer's headers; default none (large videos). */
  readonly uploadTimeoutMs?: number;
  /** GET retry policy; a number is the limit; `false` disables retries. */
  readonly retry?: ClientRetryOptions | number | false;
  /**
   * A fetch implementation (tests, proxies). Without it requests go through `node:http(s)` with
   * one keep-alive agent per client (idle sockets do not keep the process alive), and dubbing
   * uploads stream with backpressure (Node 20's fetch buffers request bodies).
   */
  readonly fetch?: typeof fetch;
  /** Waits between retries and polls; injectable so tests do not wait. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Current time in epoch ms (token expiry, `Retry-After` dates). Default `Date.now`. */
  readonly clock?: () => number;
  /** Jitter source in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Renew issued tokens this long before expiry. Default 5 min. */
  readonly tokenMarginMs?: number;
  /** Check requests against the spec's rules before sending (default true). */
  readonly validateRequests?: boolean;
  /** Called before each GET retry. */
  readonly onRetry?: (state: RetryState) => void;
}

/** Options every method takes last. */
export interface RequestOptions {
  readonly signal?: AbortSignal | undefined;
}

/** A compiled element (`compile()` result) or anything else carrying `payload`. */
export interface CompiledProject {
  readonly payload: ProjectCreateRequest;
}

/** The client; one method per endpoint of the spec plus `waitForDubbing`. */
export interface VsynthClient {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  /** 1. `POST {base_url}/api/odin/v3/editor/project` → `{projectId}`. */
  createProject(input: ProjectCreateRequest | CompiledProject, options?: RequestOptions): Promise<ProjectCreateResponse>;
  /** 2. `POST {base_url}/api/odin/v3/project/modify` → `{projectId}`. */
  modifyProject(request: ModifyRequest, options?: RequestOptions): Promise<ProjectCreateResponse>;
  /** 3. `POST {base_url}/api/odin/v3/editor/project/{key}` → `{projectId}`. */
  editProject(key: string, request: EditRequest, options?: RequestOptions): Promise<ProjectCreateResponse>;
  /** 4. `POST {base_url}/api/odin/v3/automation/translatevideos` (multipart, streamed) → `{folderId}`. */
  uploadDubbing(request: DubbingUploadRequest, options?: RequestOptions): Promise<DubbingUploadResponse>;
  /** 5. `GET {base_url}/api/odin/v3/automation/translatevideos?folderId=` → progress. */
  getDubbingProgress(folderId: string, options?: RequestOptions): Promise<DubbingProgress>;
  /** Polls endpoint 5 until `progress` reaches 100 with a `download_url`. */
  waitForDubbing(folderId: string, options?: WaitForDubbingOptions): Promise<DubbingProgress>;
  /** 6. `POST {legacy_base_url}/api/odin/editor/project` → `{success, cube_used, key}`. */
  createLegacyProject(request: LegacyProjectRequest, options?: RequestOptions): Promise<LegacyProjectResponse>;
  /** 7. `POST {legacy_base_url}/api/odin/simple/audio`; the answer's shape is not shown by the spec. */
  createLegacyAudio(request: LegacyAudioRequest, options?: RequestOptions): Promise<unknown>;
  /** 8. `POST {legacy_base_url}/api/odin/simple/find/{key}` with `{}`; the answer's shape is not shown. */
  findLegacyProject(key: string, options?: RequestOptions): Promise<unknown>;
}

interface ResponseSchema<T> {
  parse(value: unknown): T;
}

interface SendOptions<T> {
  readonly definition: EndpointDefinition;
  readonly key?: string;
  readonly json?: unknown;
  readonly searchParams?: Record<string, string>;
  readonly schema: ResponseSchema<T>;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Creates a client. Options not given are read from `VSYNTH_API_KEY`, `VSYNTH_TOKEN`,
 * `VSYNTH_APP_ID` + `VSYNTH_USER_KEY`, `VSYNTH_BASE_URL` and `VSYNTH_LEGACY_BASE_URL`.
 *
 * @example
 * const client = createClient({ apiKey: process.env.MY_KEY, baseUrl: 'http://127.0.0.1:4010' })
 * const { projectId } = await client.createProject(payload, { signal: AbortSignal.timeout(60_000) })
 */
export function createClient(options: CreateClientOptions = {}): VsynthClient {
  const config = resolveClientConfig(options);
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, signal === undefined ? {} : { signal }));
  const retry = normaliseRetry(options.retry);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const validate = options.validateRequests ?? true;

  const credentials = config.credentials;
  const tokens: TokenProvider | undefined =
    credentials.kind === 'issued'
      ? createTokenProvider({
          appId: credentials.appId,
          userKey: credentials.userKey,
          issueToken: credentials.issueToken ?? sandboxTokenIssuer(config.baseUrl, options.fetch === undefined ? {} : { fetch: options.fetch }),
          clock,
          ...(options.tokenMarginMs === undefined ? {} : { marginMs: options.tokenMarginMs }),
        })
      : undefined;

  function secrets(): string[] {
    if (credentials.kind === 'static') return [credentials.value];
    return [credentials.userKey, credentials.appId, ...(tokens?.issued ?? [])];
  }

  async function authorization(signal: AbortSignal | undefined): Promise<string> {
    if (credentials.kind === 'static') return credentials.value;
    if (tokens === undefined) throw new Error('unreachable: token provider missing');
    return tokens.get(signal);
  }

  // Redirects are not followed (fetch would resend a POST as a GET): a 3xx is an ApiError.
  const transport: Transport = options.fetch === undefined ? nodeHttpTransport() : fetchTransport(options.fetch);
  const bases = { v3: config.baseUrl, legacy: config.legacyBaseUrl };

  function apiError(answer: TransportAnswer, endpoint: string): unknown {
    return apiErrorFromResponse({
      status: answer.status,
      statusText: answer.statusText,
      endpoint,
      bodyText: answer.bodyText,
      retryAfter: answer.retryAfter,
      secrets: secrets(),
      now: clock(),
    });
  }

  function parseBody<T>(text: string, schema: ResponseSchema<T>, endpoint: string): T {
    let body: unknown;
    if (text.trim() === '') body = undefined;
    else {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    // An answer that echoes a credential must not carry it into an error. Redacted once parsed:
    // the text may hold it JSON-escaped (`\/`, `\u…`).
    return parseResponse(schema as never, redactSecrets(body, secrets()), { endpoint }) as T;
  }

  async function send<T>(send: SendOptions<T>): Promise<T> {
    const { definition, signal } = send;
    const path = send.key === undefined ? definition.path : definition.path.replace('{key}', encodeURIComponent(send.key));
    const endpoint = endpointLabel(definition.method, path);
    const isGet = definition.method === 'GET';
    const url = `${bases[definition.base]}/${path}${send.searchParams === undefined ? '' : `?${new URLSearchParams(send.searchParams).toString()}`}`;
    const body = send.json === undefined ? undefined : JSON.stringify(send.json);
    const context = { method: definition.method, idempotent: isGet, signal, timeoutMs };
    let authRetried = false;
    let retries = 0;
    for (;;) {
      let auth: string | undefined;
      let answer: TransportAnswer | undefined;
      let failure: unknown;
      try {
        auth = await authorization(signal);
        const headers: Record<string, string> = { accept: 'application/json', authorization: auth };
        if (body !== undefined) headers['content-type'] = 'application/json';
        answer = await transport({ method: definition.method, url, headers, body, signal, timeoutMs });
      } catch (error) {
        // Without a token, nothing was sent.
        failure = toVsynthError(error, endpoint, auth === undefined ? { ...context, notSent: true } : context);
      }
      if (answer !== undefined) {
        if (answer.status >= 200 && answer.status < 300) return parseBody(answer.bodyText, send.schema, endpoint);
        if (answer.status === 401 && tokens !== undefined && !authRetried) {
          // Once per request: a fresh token for the same body.
          authRetried = true;
          tokens.invalidate(auth ?? null);
          continue;
        }
        failure = apiError(answer, endpoint);
      }
      if (!isGet || signal?.aborted === true || retries >= retry.limit || !transient(failure, retry.maxRetryAfterMs)) {
        throw redactMessage(failure, secrets());
      }
      retries += 1;
      const delayMs =
        isApiError(failure) && failure.retryAfterMs !== undefined
          ? failure.retryAfterMs
          : backoffDelay(retries, { baseDelayMs: retry.baseDelayMs, maxDelayMs: retry.maxDelayMs, random });
      options.onRetry?.({ endpoint, attempt: retries, delayMs, error: redactMessage(failure, secrets()) });
      try {
        await sleep(delayMs, signal);
      } catch (error) {
        throw redactMessage(toVsynthError(error, endpoint, context), secrets());
      }
    }
  }

  function check(kind: RequestKind, input: unknown, subject: string): void {
    if (!validate) return;
    // The caller's own body is sent: only its issues are needed, not checkRequest's copy of it.
    const issues = findRequestIssues(kind, input);
    // A credential pasted into a payload must not come back in the issue list.
    if (issues.some((i) => i.severity === 'error')) throw new ValidationError(redactSecrets(issues, secrets()), { subject });
  }

  function requireKey(key: unknown, what: string): string {
    if (typeof key !== 'string' || key.trim() === '') throw new UsageError(`${what} must be a non-empty string, got ${JSON.stringify(key)}.`);
    return key;
  }

  const client: VsynthClient = {
    baseUrl: config.baseUrl,
    legacyBaseUrl: config.legacyBaseUrl,

    async createProject(input, requestOptions = {}) {
      const payload = isCompiled(input) ? input.payload : input;
      check('create', payload, 'create request');
      return send({ definition: ENDPOINTS.createProject, json: payload, schema: projectCreateResponseSchema, signal: requestOptions.signal });
    },

    async modifyProject(request, requestOptions = {}) {
      check('modify', request, 'modify request');
      return send({ definition: ENDPOINTS.modifyProject, json: request, schema: projectCreateResponseSchema, signal: requestOptions.signal });
    },

    async editProject(key, request, requestOptions = {}) {
      requireKey(key, 'The project key');
      check('edit', request, 'edit request');
      return send({ definition: ENDPOINTS.editProject, key, json: request, schema: projectCreateResponseSchema, signal: requestOptions.signal });
    },

    async uploadDubbing(request, requestOptions = {}) {
      const prepared = await prepareDubbingUpload(request);
      const definition = ENDPOINTS.uploadDubbing;
      const endpoint = endpointLabel(definition.method, definition.path);
      const url = `${config.baseUrl}/${definition.path}`;
      const signal = requestOptions.signal;
      const context = { method: 'POST', idempotent: false, signal, timeoutMs: options.uploadTimeoutMs ?? 0 };
      let refreshed = false;
      for (;;) {
        let auth: string;
        try {
          auth = await authorization(signal);
        } catch (error) {
          throw redactMessage(toVsynthError(error, endpoint, { ...context, notSent: true }), secrets());
        }
        let answer;
        try {
          answer = await sendMultipart({
            url,
            parts: prepared.parts,
            headers: { authorization: auth, accept: 'application/json' },
            ...(signal === undefined ? {} : { signal }),
            ...(options.uploadTimeoutMs === undefined ? {} : { timeoutMs: options.uploadTimeoutMs }),
            transport,
          });
        } catch (error) {
          throw redactMessage(toVsynthError(error, endpoint, context), secrets());
        }
        // A 401 means nothing was processed; resend once with a new token when the body can be replayed.
        if (answer.status === 401 && tokens !== undefined && !refreshed && prepared.replayable) {
          refreshed = true;
          tokens.invalidate(auth);
          continue;
        }
        if (answer.status < 200 || answer.status >= 300) throw apiError(answer, endpoint);
        return parseBody(answer.bodyText, dubbingUploadResponseSchema, endpoint);
      }
    },

    async getDubbingProgress(folderId, requestOptions = {}) {
      requireKey(folderId, 'The folderId');
      return send({
        definition: ENDPOINTS.getDubbingProgress,
        searchParams: { folderId },
        schema: dubbingProgressSchema,
        signal: requestOptions.signal,
      });
    },

    async waitForDubbing(folderId, waitOptions = {}) {
      requireKey(folderId, 'The folderId');
      return waitForDubbing({
        folderId,
        getProgress: (signal) => client.getDubbingProgress(folderId, { signal }),
        sleep,
        clock,
        ...waitOptions,
      });
    },

    async createLegacyProject(request, requestOptions = {}) {
      check('legacy', request, 'legacy project request');
      return send({ definition: ENDPOINTS.createLegacyProject, json: request, schema: legacyProjectResponseSchema, signal: requestOptions.signal });
    },

    async createLegacyAudio(request, requestOptions = {}) {
      check('legacy-audio', request, 'legacy audio request');
      return send({ definition: ENDPOINTS.createLegacyAudio, json: request, schema: legacyAudioResponseSchema, signal: requestOptions.signal });
    },

    async findLegacyProject(key, requestOptions = {}) {
      requireKey(key, 'The project key');
      return send({ definition: ENDPOINTS.findLegacyProject, key, json: {}, schema: legacyFindResponseSchema, signal: requestOptions.signal });
    },
  };
  return client;
}

function isCompiled(input: ProjectCreateRequest | CompiledProject): input is CompiledProject {
  return typeof input === 'object' && input !== null && 'payload' in input && !('scenes' in input);
}

interface NormalisedRetry {
  readonly limit: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
}

function normaliseRetry(retry: CreateClientOptions['retry']): NormalisedRetry {
  const given: ClientRetryOptions = retry === false ? { limit: 0 } : typeof retry === 'number' ? { limit: retry } : (retry ?? {});
  const limit = given.limit ?? 3;
  if (!Number.isInteger(limit) || limit < 0) throw new UsageError(`retry.limit must be a whole number ≥ 0, got ${String(limit)}.`);
  // A wait longer than a timer holds would end after 1 ms: longer Retry-Afters end the retries.
  return {
    limit,
    baseDelayMs: given.baseDelayMs ?? 300,
    maxDelayMs: Math.min(given.maxDelayMs ?? 10_000, MAX_TIMER_MS),
    maxRetryAfterMs: Math.min(given.maxRetryAfterMs ?? 60_000, MAX_TIMER_MS),
  };
}

/**
 * The same error with every configured secret removed from its message and stack, and from its
 * causes' (fetch quotes a header value it refuses; an `issueToken` may quote the user key).
 */
function redactMessage(error: unknown, secrets: readonly string[]): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    for (const field of ['message', 'stack'] as const) {
      const text = current[field];
      if (typeof text !== 'string') continue;
      const redacted = redactSecrets(text, secrets);
      // Defined, not assigned: a DOMException's message is a getter.
      if (redacted !== text) Object.defineProperty(current, field, { value: redacted, writable: true, configurable: true });
    }
    current = current.cause;
  }
  return error;
}

/** Whether a GET that failed this way may succeed when sent again: no answer, 408, 429, 5xx. */
function transient(failure: unknown, maxRetryAfterMs: number): boolean {
  if (!isApiError(failure)) return true;
  return failure.transient && (failure.retryAfterMs === undefined || failure.retryAfterMs <= maxRetryAfterMs);
}

function toVsynthError(
  error: unknown,
  endpoint: string,
  context: { method: string; idempotent: boolean; signal: AbortSignal | undefined; timeoutMs: number; notSent?: boolean },
): unknown {
  if (error instanceof VsynthError || isApiError(error)) return error;
  if (error instanceof Error && error.name === 'TimeoutError' && context.signal?.aborted !== true) {
    return new TimeoutError(endpoint, context.timeoutMs);
  }
  return networkErrorFor(endpoint, error, context);
}
