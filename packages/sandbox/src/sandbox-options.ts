import { homedir } from 'node:os';
import { join } from 'node:path';
import { cubeCostFunction, UsageError, type CubeCostFunction, type CubeRates } from '@vsynth/core';
import { DEFAULT_MAX_FORM_PARTS, DEFAULT_MAX_FORM_TEXT_BYTES } from './multipart-parser.js';
import { renderProjectJson, type RenderArtifact } from './render-artifact.js';

/** An AppId/UserKey pair that may issue tokens through `POST /sandbox/token`. */
export interface SandboxApp {
  readonly appId: string;
  readonly userKey: string;
}

/** Retry schedule of webhook deliveries. */
export interface WebhookRetryOptions {
  /** Attempts in all, the first included (default 6). */
  readonly attempts?: number;
  /** Delay before the second attempt; doubled for each further one (default 500 ms). */
  readonly baseDelayMs?: number;
  /** Upper bound of one delay (default 30 000 ms). */
  readonly maxDelayMs?: number;
  /** How long one attempt may take (default 10 000 ms). */
  readonly timeoutMs?: number;
}

export interface SandboxOptions {
  /** Default 0: any free port. */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /**
   * Host names answered besides `localhost`, `*.localhost` and IP addresses (`.name` allows its
   * subdomains too), e.g. a Docker service name. Other `Host`s and other sites' `Origin`s get 403.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Where projects, ledger and artifacts are kept. Default `$XDG_CACHE_HOME/vsynth/sandbox` or
   * `~/.cache/vsynth/sandbox`.
   */
  readonly dataDir?: string;
  /** Keys accepted as `Authorization`. Default `['sandbox-key']` (none when only `apps` are given). */
  readonly apiKeys?: readonly string[];
  /**
   * AppId/UserKey pairs that may issue tokens. Default `[{appId: 'sandbox-app', userKey: 'sandbox-user-key'}]` (none
   * when only `apiKeys` are given).
   */
  readonly apps?: readonly SandboxApp[];
  /** Delay before every spec endpoint answers. Default 0. */
  readonly latencyMs?: number;
  /** Share (0–1) of spec requests answered 503 before they are processed. Default 0. */
  readonly fault5xxRate?: number;
  /** Share (0–1) of spec requests answered 429 with `Retry-After` before they are processed. Default 0. */
  readonly fault429Rate?: number;
  /** `Retry-After` of injected 429s, seconds. Default 1. */
  readonly retryAfterSeconds?: number;
  /**
   * Share (0–1) of successful spec requests processed and stored whose connection is then dropped unanswered. Default
   * 0.
   */
  readonly faultLostResponseRate?: number;
  /** Share (0–1) of webhook attempts dropped (not sent), then retried like a failed one. Default 0. */
  readonly webhookDropRate?: number;
  /** Lifetime of issued tokens. Default 86 400 (24 h, as the spec says). */
  readonly tokenTtlSeconds?: number;
  /** How long an export takes. Default 2. */
  readonly exportSeconds?: number;
  /** Cube cost function, or rates for the default one (`cubeCost` and `DEFAULT_CUBE_RATES` of `@vsynth/core`). */
  readonly cubeCost?: CubeCostFunction | Partial<CubeRates>;
  /** Random source for faults, in [0, 1). Default `Math.random`; inject a seeded one in tests. */
  readonly random?: () => number;
  /** Produces the artifact of an export. Default: the project JSON (`renderProjectJson`). */
  readonly renderArtifact?: RenderArtifact;
  /** Clock, epoch ms. Default `Date.now`; inject one to test token expiry. */
  readonly now?: () => number;
  /** Waits `ms` for `latencyMs`. Default a timer; inject one to test latency without waiting. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Largest JSON body. Default 10 MiB. */
  readonly maxJsonBytes?: number;
  /** Largest dubbing upload (all parts together). Default 2 GiB. */
  readonly maxUploadBytes?: number;
  /** Most parts (text fields and files) of a dubbing upload. Default 50. */
  readonly maxFormParts?: number;
  /** Most bytes of a dubbing upload's text fields together (each is also at most 64 KiB). Default 1 MiB. */
  readonly maxFormTextBytes?: number;
  /** Polls of a dubbing job's progress until it reports 100. Default 4. */
  readonly dubbingPolls?: number;
  readonly webhookRetry?: WebhookRetryOptions;
  /** HTTP method of webhook deliveries (the spec does not say). Default `GET`. */
  readonly webhookMethod?: 'GET' | 'POST';
  /**
   * Deliver webhooks to addresses off this machine too. Default false: only loopback receivers
   * are called, so a payload copied from production never calls the production receiver with
   * a sandbox artifact.
   */
  readonly remoteWebhooks?: boolean;
  /** fsync each batch of store writes. Default true. */
  readonly fsync?: boolean;
  /** Receives one line per notable event (never keys, tokens or Authorization headers). */
  readonly log?: (line: string) => void;
}

/** Options with every default filled in. */
export interface ResolvedSandboxOptions {
  readonly port: number;
  readonly host: string;
  readonly allowedHosts: readonly string[];
  readonly dataDir: string;
  readonly apiKeys: readonly string[];
  readonly apps: readonly SandboxApp[];
  readonly latencyMs: number;
  readonly fault5xxRate: number;
  readonly fault429Rate: number;
  readonly retryAfterSeconds: number;
  readonly faultLostResponseRate: number;
  readonly webhookDropRate: number;
  readonly tokenTtlSeconds: number;
  readonly exportSeconds: number;
  readonly cubeCost: CubeCostFunction;
  readonly random: () => number;
  readonly renderArtifact: RenderArtifact;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly maxJsonBytes: number;
  readonly maxUploadBytes: number;
  readonly maxFormParts: number;
  readonly maxFormTextBytes: number;
  readonly dubbingPolls: number;
  readonly webhookRetry: Required<WebhookRetryOptions>;
  readonly webhookMethod: 'GET' | 'POST';
  readonly remoteWebhooks: boolean;
  readonly fsync: boolean;
  readonly log: (line: string) => void;
}

/**
 * The API key a sandbox accepts when neither `apiKeys` nor `apps` is given (`VSYNTH_API_KEY=sandbox-key`).
 *
 * @example await createClient({ apiKey: DEFAULT_API_KEY, baseUrl: sandbox.url }).createProject(payload)
 */
export const DEFAULT_API_KEY = 'sandbox-key';
/**
 * The AppId/UserKey pair that can issue tokens at `POST /sandbox/token` when neither `apiKeys` nor `apps` is given.
 *
 * @example createClient({ appId: DEFAULT_APP.appId, userKey: DEFAULT_APP.userKey, baseUrl: sandbox.url })
 */
export const DEFAULT_APP: SandboxApp = { appId: 'sandbox-app', userKey: 'sandbox-user-key' };

/**
 * The default data directory: `$XDG_CACHE_HOME/vsynth/sandbox`, else `~/.cache/vsynth/sandbox`.
 *
 * @example defaultDataDir({ XDG_CACHE_HOME: '/var/cache' }) // '/var/cache/vsynth/sandbox'
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const cache =
    env['XDG_CACHE_HOME'] !== undefined && env['XDG_CACHE_HOME'] !== ''
      ? env['XDG_CACHE_HOME']
      : join(homedir(), '.cache');
  return join(cache, 'vsynth', 'sandbox');
}

/**
 * Fills in defaults and rejects out-of-range values with a `UsageError` naming the option.
 *
 * @example resolveSandboxOptions({ apiKeys: ['k'] }).apps // [] (the default app only comes with the default key)
 */
export function resolveSandboxOptions(options: SandboxOptions = {}): ResolvedSandboxOptions {
  const none = options.apiKeys === undefined && options.apps === undefined;
  const resolved: ResolvedSandboxOptions = {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    allowedHosts: options.allowedHosts ?? [],
    dataDir: options.dataDir ?? defaultDataDir(),
    apiKeys: options.apiKeys ?? (none ? [DEFAULT_API_KEY] : []),
    apps: options.apps ?? (none ? [DEFAULT_APP] : []),
    latencyMs: options.latencyMs ?? 0,
    fault5xxRate: options.fault5xxRate ?? 0,
    fault429Rate: options.fault429Rate ?? 0,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
    faultLostResponseRate: options.faultLostResponseRate ?? 0,
    webhookDropRate: options.webhookDropRate ?? 0,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 86_400,
    exportSeconds: options.exportSeconds ?? 2,
    cubeCost: cubeCostFunction(options.cubeCost),
    random: options.random ?? Math.random,
    renderArtifact: options.renderArtifact ?? renderProjectJson,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    maxJsonBytes: options.maxJsonBytes ?? 10 * 1024 * 1024,
    maxUploadBytes: options.maxUploadBytes ?? 2 * 1024 * 1024 * 1024,
    maxFormParts: options.maxFormParts ?? DEFAULT_MAX_FORM_PARTS,
    maxFormTextBytes: options.maxFormTextBytes ?? DEFAULT_MAX_FORM_TEXT_BYTES,
    dubbingPolls: options.dubbingPolls ?? 4,
    webhookRetry: {
      attempts: options.webhookRetry?.attempts ?? 6,
      baseDelayMs: options.webhookRetry?.baseDelayMs ?? 500,
      maxDelayMs: options.webhookRetry?.maxDelayMs ?? 30_000,
      timeoutMs: options.webhookRetry?.timeoutMs ?? 10_000,
    },
    webhookMethod: options.webhookMethod ?? 'GET',
    remoteWebhooks: options.remoteWebhooks ?? false,
    fsync: options.fsync ?? true,
    log: options.log ?? (() => {}),
  };
  for (const name of ['fault5xxRate', 'fault429Rate', 'faultLostResponseRate', 'webhookDropRate'] as const) {
    const value = resolved[name];
    if (!(value >= 0 && value <= 1))
      throw new UsageError(`Sandbox option ${name} must be a number from 0 to 1, got ${value}.`);
  }
  const sizes = ['latencyMs', 'retryAfterSeconds', 'exportSeconds', 'maxJsonBytes', 'maxUploadBytes'] as const;
  for (const name of [...sizes, 'maxFormParts', 'maxFormTextBytes'] as const) {
    const value = resolved[name];
    if (!(value >= 0 && Number.isFinite(value)))
      throw new UsageError(`Sandbox option ${name} must be a number ≥ 0, got ${value}.`);
  }
  if (!(resolved.tokenTtlSeconds > 0))
    throw new UsageError(`Sandbox option tokenTtlSeconds must be > 0, got ${resolved.tokenTtlSeconds}.`);
  if (!(Number.isInteger(resolved.dubbingPolls) && resolved.dubbingPolls >= 1)) {
    throw new UsageError(`Sandbox option dubbingPolls must be an integer ≥ 1, got ${resolved.dubbingPolls}.`);
  }
  if (!(Number.isInteger(resolved.port) && resolved.port >= 0 && resolved.port <= 65_535)) {
    throw new UsageError(`Sandbox option port must be an integer from 0 to 65535, got ${resolved.port}.`);
  }
  if (resolved.apiKeys.some((key) => key.trim() === ''))
    throw new UsageError('Sandbox option apiKeys must not hold an empty key.');
  if (resolved.apps.some((app) => app.appId === '' || app.userKey === ''))
    throw new UsageError('Sandbox option apps needs a non-empty appId and userKey in each entry.');
  if (resolved.apiKeys.length === 0 && resolved.apps.length === 0)
    throw new UsageError('The sandbox needs at least one API key or app to accept requests.');
  return resolved;
}
