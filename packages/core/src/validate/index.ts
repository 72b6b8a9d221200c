export { checkCreateRules } from './check-create-rules.js';
export { checkDubbingForm } from './check-dubbing-form.js';
export { checkDubbingOptions, parseDubbingOptions } from './check-dubbing-options.js';
export { checkEditRules } from './check-edit-rules.js';
export { checkLegacyAudioRules } from './check-legacy-audio-rules.js';
export { checkLegacyRules } from './check-legacy-rules.js';
export { checkModifyRules } from './check-modify-rules.js';
export { checkRequest, type CheckResult } from './check-request.js';
export { describeExpected, describeValue } from './describe-value.js';
export { detectVariant, type PayloadVariant } from './detect-variant.js';
export { findUnknownFields } from './find-unknown-fields.js';
export { parseJsonText, type ParseJsonTextOptions } from './parse-json-text.js';
export { parseRequest, type ParseRequestOptions } from './parse-request.js';
export { parseResponse, type ParseResponseOptions } from './parse-response.js';
export {
  REQUEST_KIND_NAMES,
  REQUEST_KINDS,
  REQUEST_RULES,
  REQUEST_SCHEMAS,
  inferRequestKind,
  isRequestKind,
  type RequestKind,
  type RequestOfKind,
} from './request-kind.js';
export { requestJsonSchema, requestJsonSchemaFileName, requestJsonSchemaFiles } from './request-json-schemas.js';
export { checkWebhookRules, type WebhookRulesOptions } from './webhook-rules.js';
export { zodIssuesToIssues, type ZodIssuesToIssuesOptions } from './zod-issues-to-issues.js';
