/**
 * @vsynth/sandbox — a local implementation of the video synthesis interface: every endpoint of
 * the spec on one port, persistence in a data directory, a cube ledger, exports with webhook
 * deliveries, and fault injection for tests.
 */
export { startSandbox, type RunningSandbox } from './start-sandbox.js';
export {
  DEFAULT_API_KEY,
  DEFAULT_APP,
  defaultDataDir,
  resolveSandboxOptions,
  type ResolvedSandboxOptions,
  type SandboxApp,
  type SandboxOptions,
  type WebhookRetryOptions,
} from './sandbox-options.js';
// The cube cost and script reading live in @vsynth/core (one definition for the sandbox and the batch estimate).
export {
  DEFAULT_CUBE_RATES,
  cubeCost,
  sceneScripts,
  sceneSpeech,
  type CubeCostFunction,
  type CubeCostInput,
  type CubeRates,
  type SceneSpeech,
} from '@vsynth/core';
export { renderProjectJson, type Artifact, type RenderArtifact, type RenderContext } from './render-artifact.js';
export { estimateDuration } from './estimate-duration.js';
export { applyModify, type ModifyResult } from './apply-modify.js';
export { applyEdit, type EditChange, type EditResult } from './apply-edit.js';
export { deliveryUrl, type DeliveryParams } from './webhook-url.js';
export { SandboxHttpError, type SandboxErrorBody, type SandboxErrorCode } from './sandbox-http-error.js';
export { SandboxStore, type OpenStoreOptions } from './sandbox-store.js';
export type {
  ArtifactRecord,
  DubbingRecord,
  ExportRecord,
  LedgerEntry,
  ProjectFormat,
  ProjectRecord,
} from './records.js';
export { previewArtifact, type PreviewArtifactOptions } from './preview-artifact.js';
