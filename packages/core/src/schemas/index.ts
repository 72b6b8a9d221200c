export { aiModelObjectSchema, deployImageSchema, deploySizeSchema, editorValueSchema, modelEditorSchema, type AiModelObject } from './ai-model.js';
export { ANIMATION_TYPES, animationSchema, type Animation, type AnimationType } from './animation.js';
export { backgroundSchema, type Background } from './background.js';
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
} from './clip.js';
export {
  DUBBING_LIMITS,
  dubbingOptionsSchema,
  dubbingProgressSchema,
  dubbingUploadResponseSchema,
  speakersSchema,
  type DubbingOptions,
  type DubbingProgress,
  type DubbingUploadResponse,
} from './dubbing.js';
export {
  EDIT_TARGET_TYPES,
  editChangeSchema,
  editRequestSchema,
  editResponseSchema,
  type EditChange,
  type EditRequest,
  type EditResponse,
  type EditTargetType,
} from './edit.js';
export { envelopeSchema, type Envelope } from './envelope.js';
export { LANGUAGE_CODES, isLanguageCode, languageCodeSchema, type LanguageCode } from './language.js';
export { legacyAudioRequestSchema, legacyAudioResponseSchema, type LegacyAudioRequest } from './legacy-audio.js';
export { legacyFindRequestSchema, legacyFindResponseSchema, type LegacyFindRequest } from './legacy-find.js';
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
} from './legacy-project.js';
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
} from './modify.js';
export { ORIENTATIONS, isKnownOrientation, orientationSchema, type Orientation } from './orientation.js';
export {
  projectCreateRequestSchema,
  projectCreateResponseSchema,
  type ProjectCreateRequest,
  type ProjectCreateResponse,
} from './project-create.js';
export { sceneSchema, type Scene } from './scene.js';
export { clipScriptSchema, scriptEntrySchema, ttsSchema, type ClipScript, type ScriptEntry } from './script.js';
export { shadowSchema, type Shadow } from './shadow.js';
export { webhookDeliveryQuerySchema, type WebhookDeliveryQuery } from './webhook-delivery.js';
