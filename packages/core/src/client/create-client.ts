/**
 * The typed client for the video synthesis service: one method per endpoint of the spec, each
 * checking its request before sending and its answer with core's schemas. HTTP goes through ky
 * (`create-client-http.ts`): auth, the token re-issue after a 401, `ApiError`s, and retries of
 * GETs only, since a duplicate POST could spend cubes twice.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { UsageError } from '../errors/usage-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { omitUndefined } from '../object/omit-undefined.js';
import {
  dubbingProgressSchema,
  dubbingUploadResponseSchema,
  type DubbingProgress,
  type DubbingUploadResponse,
} from '../schemas/dubbing.js';
import type { EditRequest } from '../schemas/edit.js';
import { legacyAudioResponseSchema, type LegacyAudioRequest } from '../schemas/legacy-audio.js';
import { legacyFindResponseSchema } from '../schemas/legacy-find.js';
import {
  legacyProjectResponseSchema,
  type LegacyProjectRequest,
  type LegacyProjectResponse,
} from '../schemas/legacy-project.js';
import type { ModifyRequest } from '../schemas/modify.js';
import {
  projectCreateResponseSchema,
  type ProjectCreateRequest,
  type ProjectCreateResponse,
} from '../schemas/project-create.js';
import { findRequestIssues } from '../validate/check-request.js';
import { findLocalSources } from '../validate/find-local-sources.js';
import type { RequestKind } from '../validate/request-kind.js';
import { resolveClientConfig, type ClientCredentialOptions } from './client-config.js';
import { createClientHttp, MAX_TIMER_MS, type ClientHttpRetry, type RetryState } from './create-client-http.js';
import { prepareDubbingUpload, type DubbingUploadRequest } from './dubbing-upload.js';
import { ENDPOINTS } from './endpoints.js';
import { multipartBody } from './multipart-body.js';
import { redactSecrets } from './redact-secrets.js';
import { sandboxTokenIssuer } from './sandbox-token-issuer.js';
import { createTokenProvider, type TokenProvider } from './token-provider.js';
import { waitForDubbing, type WaitForDubbingOptions } from './wait-for-dubbing.js';

export type { RetryState } from './create-client-http.js';

/** How GETs are retried. POSTs are never retried, except once after a token re-issue. */
export interface ClientRetryOptions {
  /** Retries after the first attempt, the resend after a token re-issue included. Default 3. */
  readonly limit?: number;
  /** First backoff delay before jitter. Default 300 ms. */
  readonly baseDelayMs?: number;
  /** Largest backoff delay. Default 10 s. */
  readonly maxDelayMs?: number;
  /** A `Retry-After` longer than this ends the retries with the 429/503 error. Default 60 s. */
  readonly maxRetryAfterMs?: number;
}

export interface CreateClientOptions extends ClientCredentialOptions {
  /** Limit for one attempt of a JSON request, until the answer's headers. Default 30 s. */
  readonly timeoutMs?: number;
  /** Limit for a dubbing upload until the answer's headers; default none (large videos). */
  readonly uploadTimeoutMs?: number;
  /** GET retry policy; a number is the limit; `false` disables retries. */
  readonly retry?: ClientRetryOptions | number | false;
  /** A fetch implementation for every request (tests, proxies); default the global `fetch`. */
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
  createProject(
    input: ProjectCreateRequest | CompiledProject,
    options?: RequestOptions,
  ): Promise<ProjectCreateResponse>;
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
  const sleep =
    options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, omitUndefined({ signal })));
  const validate = options.validateRequests ?? true;

  const credentials = config.credentials;
  let tokens: TokenProvider | undefined;
  let authorization: (signal: AbortSignal | undefined) => Promise<string>;
  if (credentials.kind === 'static') {
    const value = credentials.value;
    authorization = async () => value;
  } else {
    const provider = createTokenProvider({
      appId: credentials.appId,
      userKey: credentials.userKey,
      issueToken: credentials.issueToken ?? sandboxTokenIssuer(config.baseUrl, omitUndefined({ fetch: options.fetch })),
      clock,
      ...omitUndefined({ marginMs: options.tokenMarginMs }),
    });
    tokens = provider;
    authorization = (signal) => provider.get(signal);
  }

  function secrets(): string[] {
    if (credentials.kind === 'static') return [credentials.value];
    return [credentials.userKey, credentials.appId, ...(tokens?.issued ?? [])];
  }

  const send = createClientHttp({
    baseUrl: config.baseUrl,
    legacyBaseUrl: config.legacyBaseUrl,
    authorization,
    invalidate: tokens?.invalidate,
    secrets,
    retry: normaliseRetry(options.retry),
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch,
    sleep,
    clock,
    random: options.random ?? Math.random,
    onRetry: options.onRetry,
  });

  function check(kind: RequestKind, input: unknown, subject: string): void {
    // Local assets are refused even unvalidated: the service would render the video without them and charge it.
    const issues = [...(validate ? findRequestIssues(kind, input) : []), ...findLocalSources(input)];
    // A credential pasted into a payload must not come back in the issue list.
    if (issues.some((i) => i.severity === 'error'))
      throw new ValidationError(redactSecrets(issues, secrets()), { subject });
  }

  function requireKey(key: unknown, what: string): string {
    if (typeof key !== 'string' || key.trim() === '')
      throw new UsageError(`${what} must be a non-empty string, got ${JSON.stringify(key)}.`);
    return key;
  }

  const client: VsynthClient = {
    baseUrl: config.baseUrl,
    legacyBaseUrl: config.legacyBaseUrl,

    async createProject(input, { signal } = {}) {
      const payload = isCompiled(input) ? input.payload : input;
      check('create', payload, 'create request');
      return send({ definition: ENDPOINTS.createProject, json: payload, schema: projectCreateResponseSchema, signal });
    },

    async modifyProject(request, { signal } = {}) {
      check('modify', request, 'modify request');
      return send({ definition: ENDPOINTS.modifyProject, json: request, schema: projectCreateResponseSchema, signal });
    },

    async editProject(key, request, { signal } = {}) {
      requireKey(key, 'The project key');
      check('edit', request, 'edit request');
      return send({
        definition: ENDPOINTS.editProject,
        key,
        json: request,
        schema: projectCreateResponseSchema,
        signal,
      });
    },

    async uploadDubbing(request, { signal } = {}) {
      const { parts, replayable } = await prepareDubbingUpload(request);
      const body = multipartBody(parts, `----vsynth${randomBytes(12).toString('hex')}`);
      const headers: Record<string, string> = { 'content-type': body.contentType };
      // Without a length (a caller's stream) the body goes out chunked.
      if (body.length !== undefined) headers['content-length'] = String(body.length);
      return send({
        definition: ENDPOINTS.uploadDubbing,
        upload: { headers, stream: () => readableStreamOf(body.chunks()), replayable },
        schema: dubbingUploadResponseSchema,
        signal,
        timeoutMs: options.uploadTimeoutMs ?? Number.POSITIVE_INFINITY,
      });
    },

    async getDubbingProgress(folderId, { signal } = {}) {
      requireKey(folderId, 'The folderId');
      return send({
        definition: ENDPOINTS.getDubbingProgress,
        searchParams: { folderId },
        schema: dubbingProgressSchema,
        signal,
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

    async createLegacyProject(request, { signal } = {}) {
      check('legacy', request, 'legacy project request');
      return send({
        definition: ENDPOINTS.createLegacyProject,
        json: request,
        schema: legacyProjectResponseSchema,
        signal,
      });
    },

    async createLegacyAudio(request, { signal } = {}) {
      check('legacy-audio', request, 'legacy audio request');
      return send({
        definition: ENDPOINTS.createLegacyAudio,
        json: request,
        schema: legacyAudioResponseSchema,
        signal,
      });
    },

    async findLegacyProject(key, { signal } = {}) {
      requireKey(key, 'The project key');
      return send({ definition: ENDPOINTS.findLegacyProject, key, json: {}, schema: legacyFindResponseSchema, signal });
    },
  };
  return client;
}

function isCompiled(input: ProjectCreateRequest | CompiledProject): input is CompiledProject {
  return typeof input === 'object' && input !== null && 'payload' in input && !('scenes' in input);
}

function normaliseRetry(retry: CreateClientOptions['retry']): ClientHttpRetry {
  const given: ClientRetryOptions =
    retry === false ? { limit: 0 } : typeof retry === 'number' ? { limit: retry } : (retry ?? {});
  const limit = given.limit ?? 3;
  if (!Number.isInteger(limit) || limit < 0)
    throw new UsageError(`retry.limit must be a whole number ≥ 0, got ${String(limit)}.`);
  // A wait longer than a timer holds would end after 1 ms: longer Retry-Afters end the retries.
  return {
    limit,
    baseDelayMs: given.baseDelayMs ?? 300,
    maxDelayMs: Math.min(given.maxDelayMs ?? 10_000, MAX_TIMER_MS),
    maxRetryAfterMs: Math.min(given.maxRetryAfterMs ?? 60_000, MAX_TIMER_MS),
  };
}

/** A web stream pulling from `chunks`, built by hand because `ReadableStream.from` is not in the DOM lib. */
function readableStreamOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}
