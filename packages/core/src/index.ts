/**
 * @vsynth/core — the video synthesis service interface as typed, validated schemas, the
 * geometry of its canvas, the error classes every vsynth package throws, and the typed client.
 */

// Errors: the VsynthError family, the one Issue shape and its printer.
export { ApiError, isApiError, type ApiErrorOptions } from './errors/api-error.js';
export { BatchError, batchError, isBatchError } from './errors/batch-error.js';
export { closestName } from './errors/closest-name.js';
export { formatIssue, formatIssues, formatPath, formatSource } from './errors/format-issues.js';
export { issue, type Issue, type IssueCode, type PathSegment, type SourceLocation } from './errors/issue.js';
export { NetworkError, isNetworkError } from './errors/network-error.js';
export { TemplateError, isTemplateError } from './errors/template-error.js';
export { TimeoutError, isTimeoutError } from './errors/timeout-error.js';
export { UsageError, isUsageError } from './errors/usage-error.js';
export { ValidationError, isValidationError, type ValidationErrorOptions } from './errors/validation-error.js';
export { VsynthError, isVsynthError, type VsynthErrorCode, type VsynthErrorOptions } from './errors/vsynth-error.js';

export { omitUndefined, type OmitUndefined } from './object/omit-undefined.js';

// Schemas: the wire format of every endpoint (spec), as zod schemas and their types.
export {
  aiModelObjectSchema,
  deployImageSchema,
  deploySizeSchema,
  editorValueSchema,
  modelEditorSchema,
  type AiModelObject,
} from './schemas/ai-model.js';
export { ANIMATION_TYPES, animationSchema, type Animation, type AnimationType } from './schemas/animation.js';
export { backgroundSchema, type Background } from './schemas/background.js';
export {
  CLIP_TYPES,
  SHAPE_NAMES,
  TEXT_ALIGNS,
  aiModelClipSchema,
  audioClipSchema,
  clipBaseShape,
  clipSchema,
  imageClipSchema,
  shapeClipSchema,
  textImageClipSchema,
  videoImageClipSchema,
  type AiModelClip,
  type AudioClip,
  type Clip,
  type ClipType,
  type ImageClip,
  type ShapeClip,
  type ShapeName,
  type TextImageClip,
  type VideoImageClip,
} from './schemas/clip.js';
export {
  COLOUR_FORMS,
  COLOUR_PATTERN,
  colourSchema,
  parseColour,
  rgbText,
  type Rgba,
} from './schemas/colour.js';
export {
  DUBBING_LIMITS,
  dubbingOptionsSchema,
  dubbingProgressSchema,
  dubbingUploadResponseSchema,
  speakersSchema,
  type DubbingOptions,
  type DubbingProgress,
  type DubbingUploadResponse,
} from './schemas/dubbing.js';
export {
  EDIT_TARGET_TYPES,
  editChangeSchema,
  editRequestSchema,
  editResponseSchema,
  type EditChange,
  type EditRequest,
  type EditResponse,
  type EditTargetType,
} from './schemas/edit.js';
export { envelopeSchema, type Envelope } from './schemas/envelope.js';
export { escapeHtml } from './schemas/escape-html.js';
export { LANGUAGE_CODES, isLanguageCode, languageCodeSchema, type LanguageCode } from './schemas/language.js';
export {
  legacyAudioRequestSchema,
  legacyAudioResponseSchema,
  type LegacyAudioRequest,
} from './schemas/legacy-audio.js';
export { legacyFindRequestSchema, legacyFindResponseSchema, type LegacyFindRequest } from './schemas/legacy-find.js';
export {
  legacyAiModelSchema,
  legacyClipSchema,
  legacyImageDetailSchema,
  legacyProjectRequestSchema,
  legacyProjectResponseSchema,
  legacySceneSchema,
  legacyTextDetailSchema,
  type LegacyClip,
  type LegacyProjectRequest,
  type LegacyProjectResponse,
  type LegacyScene,
} from './schemas/legacy-project.js';
export {
  MODIFY_KEY_PATTERN,
  MODIFY_KEY_RULE,
  modifyRequestSchema,
  modifyResponseSchema,
  parseModifyKey,
  type ModifyKey,
  type ModifyRequest,
  type ModifyResponse,
  type ModifyTag,
} from './schemas/modify.js';
export { ORIENTATIONS, isKnownOrientation, orientationSchema, type Orientation } from './schemas/orientation.js';
export {
  projectCreateRequestSchema,
  projectCreateResponseSchema,
  type ProjectCreateRequest,
  type ProjectCreateResponse,
} from './schemas/project-create.js';
export { sceneSchema, type Scene } from './schemas/scene.js';
export { clipScriptSchema, scriptEntrySchema, ttsSchema, type ClipScript, type ScriptEntry } from './schemas/script.js';
export { shadowSchema, type Shadow } from './schemas/shadow.js';
export { webhookDeliveryQuerySchema, type WebhookDeliveryQuery } from './schemas/webhook-delivery.js';

// Validation: parse and check requests and responses, turning zod issues into Issues.
export { checkCreateRules } from './validate/check-create-rules.js';
export { findLocalSources } from './validate/find-local-sources.js';
export { checkDubbingForm, isDubbingFormField } from './validate/check-dubbing-form.js';
export { checkDubbingOptions, parseDubbingOptions } from './validate/check-dubbing-options.js';
export { checkEditRules } from './validate/check-edit-rules.js';
export { checkLegacyAudioRules } from './validate/check-legacy-audio-rules.js';
export { checkLegacyRules } from './validate/check-legacy-rules.js';
export { checkModifyRules } from './validate/check-modify-rules.js';
export { checkRequest, findRequestIssues, type CheckResult } from './validate/check-request.js';
export { copyJsonData } from './validate/copy-json-data.js';
export { describeExpected, describeValue } from './validate/describe-value.js';
export { detectVariant, type PayloadVariant } from './validate/detect-variant.js';
export {
  deliveryValueProblem,
  MAX_DELIVERY_DURATION_SECONDS,
  type DeliveryValueOptions,
  type DeliveryValueProblem,
} from './webhook/check-delivery-values.js';
export { localRequestRefusal, type LocalRequestGuardOptions } from './server/local-request-guard.js';
export { deepNestingMessage, findDeepNesting, jsonTextDepth, MAX_JSON_DEPTH } from './validate/find-deep-nesting.js';
export { findUnknownFields } from './validate/find-unknown-fields.js';
export { duplicateKeyError, parseJsonText, type ParseJsonTextOptions } from './validate/parse-json-text.js';
export { findDuplicateKey, type DuplicateKey } from './validate/find-duplicate-key.js';
export { findUnrepresentableNumber, type UnrepresentableNumber } from './validate/find-unrepresentable-number.js';
export { parseRequest, type ParseRequestOptions } from './validate/parse-request.js';
export { parseResponse, type ParseResponseOptions } from './validate/parse-response.js';
export {
  REQUEST_KIND_NAMES,
  REQUEST_KINDS,
  REQUEST_RULES,
  REQUEST_SCHEMAS,
  inferRequestKind,
  isRequestKind,
  type RequestKind,
  type RequestOfKind,
} from './validate/request-kind.js';
export {
  requestJsonSchema,
  requestJsonSchemaFileName,
  requestJsonSchemaFiles,
} from './validate/request-json-schemas.js';
export { checkWebhookRules, type WebhookRulesOptions } from './validate/webhook-rules.js';
export { zodIssuesToIssues, type ZodIssuesToIssuesOptions } from './validate/zod-issues-to-issues.js';

// Geometry of the canvas (docs/decisions.md "Geometry"): canvas sizes, the displayed box of a v3 clip, and
// conversion between legacy midpoint/scale placement and v3 left/top/width/height/scale.
export { avatarEditorScale, avatarTightSize, type AvatarModelLike } from './geometry/avatar-model.js';
export {
  CANVAS_SIZES,
  canvasSize,
  isCanvasOrientation,
  type CanvasOrientation,
  type CanvasSize,
} from './geometry/canvas-size.js';
export {
  displayedBox,
  type DisplayedBox,
  type DisplayedBoxClip,
  type DisplayedBoxOptions,
} from './geometry/displayed-box.js';
export { estimateTextBox, type TextBox } from './geometry/estimate-text-box.js';
export { CJK_RANGES, isCjkCharacter } from './geometry/is-cjk-character.js';
export { legacyAvatarToV3, type LegacyAvatarToV3Options } from './geometry/legacy-avatar-to-v3.js';
export { legacyBackgroundToV3, type LegacyBackground } from './geometry/legacy-background-to-v3.js';
export { LEGACY_DEFAULT_LAYERS } from './geometry/legacy-default-layers.js';
export { legacyImageToV3, type LegacyImageToV3Options } from './geometry/legacy-image-to-v3.js';
export {
  legacyProjectToV3,
  type ImageSize,
  type LegacyAiModelLike,
  type LegacyAvatarEntry,
  type LegacyClipDetailLike,
  type LegacyClipLike,
  type LegacyProjectLike,
  type LegacyProjectToV3Options,
  type LegacyProjectToV3Result,
} from './geometry/legacy-project-to-v3.js';
export {
  LEGACY_TEXT_BASE_FONT_SIZE,
  legacyTextToV3,
  type LegacyTextDetail,
  type LegacyTextToV3Options,
  type V3TextBox,
} from './geometry/legacy-text-to-v3.js';
export { resolveCanvas, type CanvasOptions } from './geometry/resolve-canvas.js';
export type { LegacyPlacement, LegacyPlacementResult, V3Box, V3BoxInput } from './geometry/types.js';
export {
  v3AvatarToLegacy,
  type V3AvatarClipLike,
  type V3AvatarToLegacyOptions,
} from './geometry/v3-avatar-to-legacy.js';
export { v3ImageToLegacy, type V3ImageToLegacyOptions } from './geometry/v3-image-to-legacy.js';
export {
  v3TextToLegacy,
  type LegacyTextResult,
  type V3TextClipLike,
  type V3TextToLegacyOptions,
} from './geometry/v3-text-to-legacy.js';

// Client: the typed client over ky, its credentials, token provider, retries and uploads.
export { apiErrorFromResponse, type ApiErrorFromResponseOptions } from './client/api-error-from-response.js';
export { backoffDelay, type BackoffOptions } from './client/backoff-delay.js';
export {
  CLIENT_ENV_VARS,
  resolveClientConfig,
  type ClientCredentialOptions,
  type ClientEnv,
  type ResolvedClientConfig,
  type ResolvedCredentials,
} from './client/client-config.js';
export {
  createClient,
  type ClientRetryOptions,
  type CompiledProject,
  type CreateClientOptions,
  type RequestOptions,
  type RetryState,
  type VsynthClient,
} from './client/create-client.js';
export {
  prepareDubbingUpload,
  type DubbingUploadRequest,
  type PreparedDubbingUpload,
  type UploadSource,
} from './client/dubbing-upload.js';
export { ENDPOINTS, endpointLabel, type EndpointBase, type EndpointDefinition } from './client/endpoints.js';
export { multipartBody, type MultipartBody, type MultipartPart, type PartSource } from './client/multipart-body.js';
export { REDACTED, SECRET_ENV_VARS, configuredSecrets, redactSecrets } from './client/redact-secrets.js';
export { credentialProblem } from './client/check-credential.js';
export { parseRetryAfter } from './client/parse-retry-after.js';
export { sandboxTokenIssuer, type SandboxTokenIssuerOptions } from './client/sandbox-token-issuer.js';
export {
  TOKEN_LIFETIME_MS,
  createTokenProvider,
  type IssueToken,
  type IssueTokenState,
  type IssuedToken,
  type TokenProvider,
  type TokenProviderOptions,
} from './client/token-provider.js';
export {
  waitForDubbing,
  type DubbingPollErrorState,
  type DubbingProgressState,
  type WaitForDubbingOptions,
  type WaitForDubbingParameters,
} from './client/wait-for-dubbing.js';

// Webhooks: correlate, sign, receive and parse export deliveries.
export {
  CORRELATION_ID_PARAM,
  SIGNATURE_PARAM,
  correlateWebhookUrl,
  signCorrelationId,
  verifyCorrelationSignature,
  type CorrelateWebhookUrlOptions,
} from './webhook/correlate-webhook-url.js';
export {
  createWebhookHandler,
  type DeliveryState,
  type WebhookHandler,
  type WebhookHandlerOptions,
} from './webhook/create-webhook-handler.js';
export {
  expectWebhookDelivery,
  type ExpectWebhookDeliveryOptions,
  type ExpectedWebhookDelivery,
} from './webhook/expect-webhook-delivery.js';
export {
  listenForWebhooks,
  type ListenForWebhooksOptions,
  type WebhookListener,
} from './webhook/listen-for-webhooks.js';
export {
  checkDeliverySignature,
  deliveryFromParams,
  parseDelivery,
  type ParseDeliveryOptions,
  type SignatureCheck,
  type WebhookDelivery,
} from './webhook/parse-delivery.js';
export type { OnWebhookRejected, WebhookRejection, WebhookRejectionReason } from './webhook/webhook-rejection.js';

// Cubes: the one cube cost definition (the spec states none). The sandbox charges it and the batch
// runner (`vsynth batch --dry-run`, `--max-cubes`) estimates with it, so the two agree.
export {
  DEFAULT_CUBE_RATES,
  cubeCost,
  cubeCostFunction,
  type CubeCostFunction,
  type CubeCostInput,
  type CubeRates,
  type CubeRequestKind,
} from './cubes/cube-cost.js';
export { estimateCubes, type EstimateCubesOptions } from './cubes/estimate-cubes.js';
export {
  sceneLanguages,
  sceneScripts,
  sceneSpeech,
  type PayloadFormat,
  type SceneSpeech,
} from './cubes/scene-scripts.js';
export { spokenText } from './cubes/spoken-text.js';
export { spokenLength } from './cubes/spoken-length.js';

// Speech: how long a scene's speech lasts and which writing system a script is in.
export {
  DEFAULT_SPEECH_RATE,
  estimateSceneDuration,
  MIN_SCENE_SECONDS,
  primaryLanguage,
  SILENT_SCENE_SECONDS,
  SPEECH_RATES,
  type SpeechRate,
} from './speech/estimate-scene-duration.js';
export {
  dominantWritingSystem,
  LANGUAGE_WRITING_SYSTEMS,
  writingSystemMismatch,
  type WritingSystem,
  type WritingSystemMismatch,
} from './speech/writing-system.js';

// Diff: two v3 payloads compared as videos (vsynth diff; the CLI compiles TSX and converts legacy first).
export { canonicalJson } from './diff/canonical-json.js';
export { jsonEqual } from './diff/json-equal.js';
export { diffPayloads, type DiffPayloadsOptions } from './diff/diff-payloads.js';
export { formatVideoDiff } from './diff/format-video-diff.js';
export type { AvatarName, ClipRef, Size, VideoChange, VideoDiff, VideoMeasures } from './diff/video-diff.js';
export { formatWordDiff, wordDiff, type WordChange } from './diff/word-diff.js';

// Files: NDJSON logs of any size read line by line (the batch journal, the sandbox store), and lines written whole.
export { forEachLineSync, type ForEachLineOptions } from './files/for-each-line.js';
export { writeWhole } from './files/write-whole.js';

// Processes: whether a lock file's holder still runs (the sandbox data-dir lock, the batch journal lock).
export { isProcessAlive } from './process/is-process-alive.js';
