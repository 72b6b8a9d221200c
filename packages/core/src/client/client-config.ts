import { VsynthError } from '../errors/vsynth-error.js';
import type { IssueToken } from './token-provider.js';

/** The environment variables the client reads when an option is not given. */
export const CLIENT_ENV_VARS = [
  'VSYNTH_API_KEY',
  'VSYNTH_TOKEN',
  'VSYNTH_APP_ID',
  'VSYNTH_USER_KEY',
  'VSYNTH_BASE_URL',
  'VSYNTH_LEGACY_BASE_URL',
  'VSYNTH_WEBHOOK_SECRET',
] as const;

export type ClientEnv = Readonly<Record<string, string | undefined>>;

export interface ClientCredentialOptions {
  /** An API key, sent as is in `Authorization`. Env `VSYNTH_API_KEY`. */
  readonly apiKey?: string | undefined;
  /** An access token, sent as is in `Authorization`. Env `VSYNTH_TOKEN`. */
  readonly token?: string | undefined;
  /** AppId for issuing tokens (with `userKey`). Env `VSYNTH_APP_ID`. */
  readonly appId?: string | undefined;
  /** UserKey for issuing tokens (with `appId`). Env `VSYNTH_USER_KEY`. */
  readonly userKey?: string | undefined;
  /**
   * Exchanges appId + userKey for a token. The spec does not show the issuing endpoint; the
   * default is the sandbox's `POST {baseUrl}/sandbox/token`.
   */
  readonly issueToken?: IssueToken | undefined;
  /** `{base_url}`. Env `VSYNTH_BASE_URL`. */
  readonly baseUrl?: string | undefined;
  /** `{legacy_base_url}`. Env `VSYNTH_LEGACY_BASE_URL`; default `baseUrl`. */
  readonly legacyBaseUrl?: string | undefined;
  /** Read instead of `process.env`. */
  readonly env?: ClientEnv | undefined;
}

export type ResolvedCredentials =
  | { readonly kind: 'static'; readonly value: string; readonly source: 'apiKey' | 'token' }
  | { readonly kind: 'issued'; readonly appId: string; readonly userKey: string; readonly issueToken: IssueToken | undefined };

export interface ResolvedClientConfig {
  readonly credentials: ResolvedCredentials;
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
}

const CREDENTIAL_HELP =
  'Set VSYNTH_API_KEY (or VSYNTH_TOKEN, or both VSYNTH_APP_ID and VSYNTH_USER_KEY), or pass apiKey, token or appId + userKey to createClient';

/**
 * Resolves credentials and base addresses from options, then the environment. Options win over
 * the environment; an API key wins over a token, a token over appId + userKey. Throws a
 * `VsynthError` with code `VSYNTH_CONFIG` naming the variables to set.
 *
 * @example resolveClientConfig({ env: { VSYNTH_API_KEY: 'k', VSYNTH_BASE_URL: 'http://127.0.0.1:4010' } })
 */
export function resolveClientConfig(options: ClientCredentialOptions = {}): ResolvedClientConfig {
  const env = options.env ?? process.env;
  const fromOptions = options.apiKey !== undefined || options.token !== undefined || options.appId !== undefined || options.userKey !== undefined;
  const pick = (option: string | undefined, name: string): string | undefined => {
    const value = fromOptions ? option : env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const apiKey = pick(options.apiKey, 'VSYNTH_API_KEY');
  const token = pick(options.token, 'VSYNTH_TOKEN');
  const appId = pick(options.appId, 'VSYNTH_APP_ID');
  const userKey = pick(options.userKey, 'VSYNTH_USER_KEY');

  let credentials: ResolvedCredentials;
  if (apiKey !== undefined) credentials = { kind: 'static', value: apiKey, source: 'apiKey' };
  else if (token !== undefined) credentials = { kind: 'static', value: token, source: 'token' };
  else if (appId !== undefined && userKey !== undefined) credentials = { kind: 'issued', appId, userKey, issueToken: options.issueToken };
  else if (appId !== undefined || userKey !== undefined) {
    const missing = appId === undefined ? 'VSYNTH_APP_ID (appId)' : 'VSYNTH_USER_KEY (userKey)';
    throw configError(`Token credentials are incomplete: ${missing} is missing. ${CREDENTIAL_HELP}.`);
  } else throw configError(`No credentials for the video synthesis service. ${CREDENTIAL_HELP}.`);

  const baseUrl = checkUrl(options.baseUrl ?? env['VSYNTH_BASE_URL'], 'VSYNTH_BASE_URL', 'baseUrl');
  const legacy = options.legacyBaseUrl ?? env['VSYNTH_LEGACY_BASE_URL'];
  const legacyBaseUrl = legacy === undefined || legacy.trim() === '' ? baseUrl : checkUrl(legacy, 'VSYNTH_LEGACY_BASE_URL', 'legacyBaseUrl');
  return { credentials, baseUrl, legacyBaseUrl };
}

function checkUrl(value: string | undefined, envName: string, optionName: string): string {
  if (value === undefined || value.trim() === '') {
    throw configError(
      `No base address for the service. Set ${envName} (e.g. http://127.0.0.1:4010 for a local \`vsynth sandbox\`) or pass ${optionName} to createClient.`,
    );
  }
  // Credentials in a URL would leak into every error message: never echo them, refuse them.
  const shown = value.trim().replace(/\/\/[^/@]*@/, '//[redacted]@');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw configError(`${envName} (${optionName}) is not a URL: "${shown}". Use an address like https://host or http://127.0.0.1:4010.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw configError(`${envName} (${optionName}) must not contain a user name or password; put credentials in VSYNTH_API_KEY.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // "localhost:4010" parses as the scheme "localhost:": suggest the address meant.
    const meant = /^[a-z][\w.-]*:\d+(\/|$)/i.test(shown) ? ` Write it with the scheme: http://${shown}` : '';
    throw configError(`${envName} (${optionName}) must be an http or https address, got "${shown}".${meant}`);
  }
  return url.href.replace(/\/+$/, '');
}

function configError(message: string): VsynthError {
  return new VsynthError('VSYNTH_CONFIG', message);
}
