import {
  canvasSize,
  findRequestIssues,
  isValidationError,
  omitUndefined,
  ValidationError,
  type Issue,
  type LegacyProjectRequest,
  type PathSegment,
  type ProjectCreateRequest,
  UsageError,
} from '@vsynth/core';
import { AvatarCatalogue, type AvatarSource } from '../avatar/avatar-catalogue.js';
import type { VsynthNode } from '../element.js';
import { findLayoutIssues } from './check-layout.js';
import { rememberContext } from './locate-issues.js';
import { CompileContext } from './compile-context.js';
import { emitLegacy } from './emit-legacy.js';
import { emitV3, type EmitInput } from './emit-v3.js';
import { mergeRepeatedIssues } from './merge-repeated-issues.js';
import { resolveAssets } from './resolve-assets.js';
import { resolveTree, type ResolvedElement } from './resolve-tree.js';

export interface CompileOptions {
  /** `v3` (default) or `legacy`. */
  readonly target?: 'v3' | 'legacy';
  /** v3 only: `A` (default) puts speech in `scenes[].scripts[0]`, `B` in the avatar clip's `script`. */
  readonly variant?: 'A' | 'B';
  /** Overrides `<Video orientation>`; default `landscape`. Sets the canvas used for conversions. */
  readonly orientation?: 'landscape' | 'portrait';
  /** Legacy only: drop what legacy cannot express with a warning each instead of failing. */
  readonly lossy?: boolean;
  /** Avatars that `<Avatar model="key">` may reference. */
  readonly avatars?: readonly AvatarSource[];
  /** Names what was compiled in error messages, e.g. `examples/promo.tsx`. */
  readonly subject?: string;
  /** Source file names in messages are relative to this directory (default `process.cwd()`). */
  readonly cwd?: string;
  /**
   * Seconds of speech one `<Avatar>` may hold in a scene before compile warns (default 120,
   * `SCENE_SPEECH_LIMIT_SECONDS`), by core's `estimateSceneDuration`.
   */
  readonly speechLimitSeconds?: number;
  /**
   * Where the local asset folder (`assetRoot`) is hosted: a local `src` becomes this address plus its path
   * under the folder. Without it a local `src` becomes a `file:` URL, fine for preview but refused by submit.
   */
  readonly assetBaseUrl?: string;
  /** The local folder `assetBaseUrl` maps (default `cwd`). */
  readonly assetRoot?: string;
  /**
   * The layout and speech checks, whose findings are warnings (default true). `false` skips them: compile
   * then only builds and validates (colours, fields, limits), e.g. for a video whose warnings are known.
   */
  readonly checks?: boolean;
}

export interface CompileResult<P = ProjectCreateRequest | LegacyProjectRequest> {
  /** The request body; it passed core's strict validation. */
  readonly payload: P;
  /** Slot name → modify key, e.g. `{headline: 'title_2', pitch: 'scripts_1'}` (v3 only). */
  readonly slots: Record<string, string>;
  /** Quirks core reported and what a lossy compile dropped. */
  readonly warnings: Issue[];
}

/**
 * Compiles a `<Video>` tree to a v3 create request (variant A or B) or a legacy project request that passes
 * core's strict validation. Every problem is reported together in one `ValidationError`, each issue with its
 * JSX source (`promo.tsx:14:7 <Avatar>`) and payload path.
 *
 * @example
 * const { payload, slots } = await compile(<Promo />, { variant: 'A' });
 * await client.createProject(payload);
 */
export async function compile(
  element: VsynthNode,
  options: CompileOptions & { readonly target: 'legacy' },
): Promise<CompileResult<LegacyProjectRequest>>;
export async function compile(
  element: VsynthNode,
  options?: CompileOptions & { readonly target?: 'v3' },
): Promise<CompileResult<ProjectCreateRequest>>;
export async function compile(element: VsynthNode, options?: CompileOptions): Promise<CompileResult>;
export async function compile(element: VsynthNode, options: CompileOptions = {}): Promise<CompileResult> {
  const target = options.target ?? 'v3';
  const subject = options.subject ?? 'video';
  if (target !== 'v3' && target !== 'legacy') {
    throw new UsageError(`Unknown target ${JSON.stringify(target)}: use v3 or legacy`);
  }
  if (target === 'legacy' && options.variant !== undefined) {
    throw new UsageError(`Variant ${options.variant} applies to v3 only; leave it out for a legacy compile`);
  }
  if (options.variant !== undefined && options.variant !== 'A' && options.variant !== 'B') {
    throw new UsageError(`Unknown variant ${JSON.stringify(options.variant)}: use A or B`);
  }
  if (target === 'v3' && options.lossy === true) {
    throw new UsageError('lossy applies to legacy compiles only; leave it out for v3');
  }
  const ctx = new CompileContext();
  const resolved = await resolveTree(element, ctx.issues, options.cwd);
  // Props the components do not take stop the compile here: laying them out would only report consequences.
  for (const i of ctx.issues) if (i.code !== 'jsx') throw new ValidationError(ctx.issues, { subject });
  const { assetBaseUrl, assetRoot } = options;
  const roots = resolveAssets(resolved, { cwd: options.cwd ?? process.cwd(), assetBaseUrl, assetRoot }, ctx);
  const video = pickVideo(roots, ctx);
  if (video === undefined) throw new ValidationError(ctx.issues, { subject });
  const orientation = options.orientation ?? (video.props['orientation'] as string | undefined) ?? 'landscape';
  let canvas;
  try {
    canvas = canvasSize(orientation);
  } catch (error) {
    if (!isValidationError(error)) throw error;
    ctx.error(video, `orientation "${orientation}" cannot be laid out: use landscape or portrait`, ['orientation']);
    throw new ValidationError(ctx.issues, { subject });
  }
  const scenes: ResolvedElement[] = [];
  for (const child of video.children) {
    if (child.kind === 'Scene') scenes.push(child);
    else ctx.error(child, `<${child.kind}> cannot be a direct child of <Video>; put it inside a <Scene>`, ['scenes']);
  }
  if (scenes.length === 0) ctx.error(video, '<Video> needs at least one <Scene>', ['scenes']);

  const catalogue = new AvatarCatalogue(options.avatars);
  const input: EmitInput = {
    video,
    scenes,
    orientation,
    canvas,
    catalogue,
    ctx,
    checks: options.checks !== false,
    ...omitUndefined({ speechLimitSeconds: options.speechLimitSeconds }),
  };
  const built =
    target === 'legacy'
      ? { payload: emitLegacy(input, options.lossy === true).payload, slots: {} }
      : emitV3(input, options.variant ?? 'A');

  const failed = ctx.hasErrors;
  const found = findRequestIssues(target === 'legacy' ? 'legacy' : 'create', built.payload);
  // After compile errors the payload lacks the failed parts, so of core's findings only those
  // inside a clip that was built are real (a volume of 500); the rest would follow from the gaps.
  // Their paths then count clips as written, like the compile errors.
  for (const i of found) {
    if (!failed || (i.severity === 'error' && isInsideClip(i.path))) ctx.issues.push(ctx.locate(i, failed));
  }
  if (!failed && target === 'v3' && input.checks) {
    for (const i of findLayoutIssues(built.payload, canvas)) ctx.issues.push(ctx.locate(i));
  }
  if (ctx.hasErrors) throw new ValidationError(mergeRepeatedIssues(ctx.issues), { subject });
  const warnings = mergeRepeatedIssues(ctx.issues.filter((i) => i.severity === 'warning'));
  const result = { payload: built.payload as never, slots: built.slots, warnings };
  rememberContext(result, ctx);
  return result;
}

/** `scenes[s].clips[c].<field>…`: a value inside one clip. */
function isInsideClip(path: readonly PathSegment[]): boolean {
  return path.length >= 5 && path[0] === 'scenes' && path[2] === 'clips';
}

function pickVideo(roots: readonly ResolvedElement[], ctx: CompileContext): ResolvedElement | undefined {
  const first = roots[0];
  if (first === undefined) {
    if (!ctx.hasErrors) ctx.error(undefined, 'nothing to compile: expected a <Video> element', []);
    return undefined;
  }
  if (first.kind !== 'Video' || roots.length > 1) {
    ctx.error(first, `expected one <Video> at the root, got ${roots.map((r) => `<${r.kind}>`).join(', ')}`, []);
    return undefined;
  }
  return first;
}
