import { VsynthError } from '../errors/vsynth-error.js';
import { credentialProblem } from './check-credential.js';
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
  | {
      readonly kind: 'issued';
      readonly appId: string;
      readonly userKey: string;
      readonly issueToken: IssueToken | undefined;
    };

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
  const fromOptions =
    options.apiKey !== undefined ||
    options.token !== undefined ||
    options.appId !== undefined ||
    options.userKey !== undefined;
  const pick = (option: string | undefined, name: string, optionName: string): string | undefined => {
    const value = fromOptions ? option : env[name];
    if (value === undefined || value.trim() === '') return undefined;
    // Checked before any request: the HTTP layer's own error would quote the value.
    const problem = credentialProblem(value);
    if (problem !== undefined) {
      const subject = fromOptions ? `The ${optionName} option (${name})` : name;
      throw configError(
        `${subject} ${problem}, so it cannot be sent as a header. Set it again without it (the value is not shown).`,
      );
    }
    return value;
  };
  const apiKey = pick(options.apiKey, 'VSYNTH_API_KEY', 'apiKey');
  const token = pick(options.token, 'VSYNTH_TOKEN', 'token');
  const appId = pick(options.appId, 'VSYNTH_APP_ID', 'appId');
  const userKey = pick(options.userKey, 'VSYNTH_USER_KEY', 'userKey');

  let credentials: ResolvedCredentials;
  if (apiKey !== undefined) credentials = { kind: 'static', value: apiKey, source: 'apiKey' };
  else if (token !== undefined) credentials = { kind: 'static', value: token, source: 'token' };
  else if (appId !== undefined && userKey !== undefined)
    credentials = { kind: 'issued', appId, userKey, issueToken: options.issueToken };
  else if (appId !== undefined || userKey !== undefined) {
    const missing = appId === undefined ? 'VSYNTH_APP_ID (appId)' : 'VSYNTH_USER_KEY (userKey)';
    throw configError(`Token credentials are incomplete: ${missing} is missing. ${CREDENTIAL_HELP}.`);
  } else throw configError(`No credentials for the video synthesis service. ${CREDENTIAL_HELP}.`);

  const baseUrl = checkUrl(options.baseUrl ?? env['VSYNTH_BASE_URL'], 'VSYNTH_BASE_URL', 'baseUrl');
  const legacy = options.legacyBaseUrl ?? env['VSYNTH_LEGACY_BASE_URL'];
  const legacyBaseUrl =
    legacy === undefined || legacy.trim() === ''
      ? baseUrl
      : checkUrl(legacy, 'VSYNTH_LEGACY_BASE_URL', 'legacyBaseUrl');
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
    throw configError(
      `${envName} (${optionName}) is not a URL: "${shown}". Use an address like https://host or http://127.0.0.1:4010.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw configError(
      `${envName} (${optionName}) must not contain a user name or password; put credentials in VSYNTH_API_KEY.`,
    );
  }
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(value.trim())) {
    // Paths are appended to the base: a query or fragment would swallow the endpoint's path.
    throw configError(
      `${envName} (${optionName}) must not contain a query (?…) or fragment (#…): endpoint paths are appended to it. Use an address like https://host/prefix.`,
    );
  }
  if (BAD_PORTS.has(url.port) || url.port === '0') {
    throw configError(
      `${envName} (${optionName}) uses port ${url.port}, which ${url.port === '0' ? 'cannot be connected to' : 'HTTP clients refuse to connect to (a port reserved for another protocol)'}; nothing was sent. Use the port the service listens on, e.g. 4010.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // "localhost:4010" parses as the scheme "localhost:": suggest the address meant.
    const meant = /^[a-z][\w.-]*:\d+(\/|$)/i.test(shown) ? ` Write it with the scheme: http://${shown}` : '';
    throw configError(`${envName} (${optionName}) must be an http or https address, got "${shown}".${meant}`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Ports the fetch standard blocks ("bad port"): a request to them fails before connecting. */
const BAD_PORTS = new Set(
  (
    '1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115 117 119 123 135 137 139 143 161 179 389 ' +
    '427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636 989 990 993 995 1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 ' +
    '6566 6665 6666 6667 6668 6669 6679 6697 10080'
  ).split(' '),
);

function configError(message: string): VsynthError {
  return new VsynthError('VSYNTH_CONFIG', message);
}
