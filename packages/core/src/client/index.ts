export { apiErrorFromResponse, type ApiErrorFromResponseOptions } from './api-error-from-response.js';
export { backoffDelay, type BackoffOptions } from './backoff-delay.js';
export {
  CLIENT_ENV_VARS,
  resolveClientConfig,
  type ClientCredentialOptions,
  type ClientEnv,
  type ResolvedClientConfig,
  type ResolvedCredentials,
} from './client-config.js';
export {
  createClient,
  type ClientRetryOptions,
  type CompiledProject,
  type CreateClientOptions,
  type RequestOptions,
  type RetryState,
  type VsynthClient,
} from './create-client.js';
export { prepareDubbingUpload, type DubbingUploadRequest, type PreparedDubbingUpload, type UploadSource } from './dubbing-upload.js';
export { ENDPOINTS, endpointLabel, type EndpointBase, type EndpointDefinition } from './endpoints.js';
export { multipartBody, type MultipartBody, type MultipartPart, type PartSource } from './multipart-body.js';
export { REDACTED, redactSecrets } from './redact-secrets.js';
export { parseRetryAfter } from './retry-after.js';
export { sandboxTokenIssuer, type SandboxTokenIssuerOptions } from './sandbox-token-issuer.js';
export { sendMultipart, type MultipartAnswer, type SendMultipartOptions } from './send-multipart.js';
export {
  TOKEN_LIFETIME_MS,
  createTokenProvider,
  type IssueToken,
  type IssueTokenState,
  type IssuedToken,
  type TokenProvider,
  type TokenProviderOptions,
} from './token-provider.js';
export { waitForDubbing, type DubbingPollErrorState, type DubbingProgressState, type WaitForDubbingOptions, type WaitForDubbingParameters } from './wait-for-dubbing.js';
