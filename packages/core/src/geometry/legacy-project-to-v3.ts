import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { ValidationError, isValidationError } from '../errors/validation-error.js';
import type { AiModelObject } from '../schemas/ai-model.js';
import type { Background } from '../schemas/background.js';
import type { Clip } from '../schemas/clip.js';
import type { LegacyProjectRequest } from '../schemas/legacy-project.js';
import type { ProjectCreateRequest } from '../schemas/project-create.js';
import type { Scene } from '../schemas/scene.js';
import { describeValue } from '../validate/describe-value.js';
import { avatarTightSize } from './avatar-model.js';
import { canvasSize, type CanvasSize } from './canvas-size.js';
import { legacyAvatarToV3 } from './legacy-avatar-to-v3.js';
import { legacyBackgroundToV3 } from './legacy-background-to-v3.js';
import { LEGACY_DEFAULT_LAYERS } from './legacy-default-layers.js';
import { legacyImageToV3 } from './legacy-image-to-v3.js';
import { legacyTextToV3 } from './legacy-text-to-v3.js';
import { readNumber } from './read-number.js';
import type { LegacyPlacement } from './types.js';

type Maybe<T> = T | null | undefined;

/** A legacy scene's `AIModel`; any `LegacyProjectRequest` scene's fits. */
export interface LegacyAiModelLike extends LegacyPlacement {
  readonly model?: Maybe<string>;
  readonly clothes?: Maybe<string>;
  readonly language?: Maybe<string>;
  readonly script?: Maybe<string>;
  readonly layer?: Maybe<number>;
}

/** A legacy clip's `detail`. */
export interface LegacyClipDetailLike extends LegacyPlacement {
  readonly url?: Maybe<string>;
  readonly layer?: Maybe<number>;
  readonly textSource?: Maybe<string>;
  readonly font?: Maybe<string>;
}

/** A legacy clip: `image`, `background` or `text` with its `detail`. */
export interface LegacyClipLike {
  readonly type?: Maybe<string>;
  readonly detail?: Maybe<LegacyClipDetailLike>;
}

/** A legacy create payload; any `LegacyProjectRequest` fits. */
export interface LegacyProjectLike {
  readonly scenes: readonly {
    readonly AIModel?: Maybe<LegacyAiModelLike>;
    readonly clips?: Maybe<readonly LegacyClipLike[]>;
  }[];
}

/** An avatar catalogue entry: a model object, or a `defineAvatar(…)` result `{name, model}`. */
export type LegacyAvatarEntry = AiModelObject | { readonly model: AiModelObject };

/** Natural size of an image in pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

export interface LegacyProjectToV3Options {
  /** The canvas to lay out on, which the legacy payload does not say. Default `landscape`. */
  readonly orientation?: string;
  /**
   * Model objects of the avatars, matched on `ai_name`/`emotion` = `AIModel.model`/`clothes`. An avatar
   * without a match is laid out with the canvas size as its tight size, with a warning.
   */
  readonly avatars?: readonly LegacyAvatarEntry[];
  /** Natural sizes of the images by `detail.url`; an image without one is laid out as a square, with a warning. */
  readonly imageSizes?: Readonly<Record<string, ImageSize>>;
}

/** The v3 payload and what the conversion had to assume. */
export interface LegacyProjectToV3Result {
  readonly payload: ProjectCreateRequest;
  readonly warnings: Issue[];
}

const LEGACY_DEFAULT_FONT = 'Noto Sans';

const DEFAULT_BACKGROUND: Background = Object.freeze({
  id: 'background',
  type: 'background',
  source_type: 'color',
  source_color: 'rgb(255,255,255)',
});

/**
 * Converts a legacy create payload to a v3 create payload (variant A), e.g. to preview it. Problems that
 * make a scene impossible to lay out are thrown together as one ValidationError; assumptions are warnings.
 *
 * @example
 * const { payload, warnings } = legacyProjectToV3(legacy, {
 *   orientation: 'landscape',
 *   avatars: [anna], // model objects, or defineAvatar(…) results
 *   imageSizes: { 'https://cdn.example.com/logo.png': { width: 800, height: 600 } },
 * });
 */
export function legacyProjectToV3(
  legacy: LegacyProjectRequest | LegacyProjectLike,
  options: LegacyProjectToV3Options = {},
): LegacyProjectToV3Result {
  const orientation = options.orientation ?? 'landscape';
  const canvas = canvasSize(orientation);
  const scenes: unknown = (legacy as { scenes?: unknown } | null | undefined)?.scenes;
  if (!Array.isArray(scenes)) {
    throw new ValidationError(
      [issue({ code: 'missing', path: ['scenes'], message: 'A legacy project needs a "scenes" array' })],
      { subject: 'legacy project' },
    );
  }
  if (scenes.length === 0) {
    throw new ValidationError(
      [
        issue({
          code: 'too_small',
          path: ['scenes'],
          message: 'A legacy project needs at least one scene, received an empty "scenes" array',
        }),
      ],
      { subject: 'legacy project' },
    );
  }
  const context: Context = { canvas, options, errors: [], warnings: [] };
  const converted = (scenes as LegacyProjectLike['scenes']).map((scene, s) => convertScene(scene, s, context));
  if (context.errors.length > 0) throw new ValidationError(context.errors, { subject: 'legacy project' });
  return { payload: { orientation, scenes: converted }, warnings: context.warnings };
}

interface Context {
  readonly canvas: CanvasSize;
  readonly options: LegacyProjectToV3Options;
  readonly errors: Issue[];
  readonly warnings: Issue[];
}

function convertScene(scene: LegacyProjectLike['scenes'][number], s: number, context: Context): Scene {
  const path: PathSegment[] = ['scenes', s];
  const clips: Clip[] = [];
  const scripts: NonNullable<Scene['scripts']> = [];
  let background: Background | undefined;

  const avatar = collect(context, () => convertAvatar(scene?.AIModel, [...path, 'AIModel'], s, context));
  if (avatar !== undefined) {
    clips.push(avatar.clip);
    scripts.push(avatar.script);
  }

  const legacyClips: unknown = scene?.clips ?? [];
  if (!Array.isArray(legacyClips)) {
    const message = 'Legacy "clips" must be an array';
    context.errors.push(issue({ code: 'invalid_type', path: [...path, 'clips'], message }));
  } else {
    (legacyClips as readonly LegacyClipLike[]).forEach((clip, c) => {
      const at: PathSegment[] = [...path, 'clips', c];
      const detail = clip?.detail;
      if (typeof detail !== 'object' || detail === null) {
        const message = 'A legacy clip needs a "detail" object';
        context.errors.push(issue({ code: 'missing', path: [...at, 'detail'], message }));
        return;
      }
      if (clip.type === 'background') {
        const url = collect(context, () => requireUrl(detail, at));
        if (url === undefined) return;
        if (background === undefined) background = legacyBackgroundToV3(url);
        else {
          const message = 'A scene has one background: this further "background" clip is ignored';
          context.warnings.push(warning('quirk', at, message));
        }
        return;
      }
      if (clip.type === 'image' || clip.type === 'text') {
        const convert = clip.type === 'image' ? convertImage : convertText;
        const converted = collect(context, () => convert(detail, at, `${s}-${c}`, context));
        if (converted !== undefined) clips.push(converted);
        return;
      }
      const message = `Legacy clip type ${JSON.stringify(clip.type)} is not image, background or text: dropped`;
      context.warnings.push(warning('invalid_value', [...at, 'type'], message));
    });
  }

  return {
    sceneIdx: s,
    scripts,
    background: background ?? { ...DEFAULT_BACKGROUND },
    clips,
  };
}

function convertAvatar(
  aiModel: Maybe<LegacyAiModelLike>,
  path: PathSegment[],
  s: number,
  context: Context,
): { clip: Clip; script: NonNullable<Scene['scripts']>[number] } {
  if (typeof aiModel !== 'object' || aiModel === null) {
    const message = 'A legacy scene needs an "AIModel" object (the avatar)';
    throw new ValidationError([issue({ code: 'missing', path, message })]);
  }
  // An empty script is a silent scene (the schema allows it); an empty model or clothes names no avatar.
  const fields = ['model', 'clothes', 'script'] as const;
  const missing = fields.filter(
    (field) => typeof aiModel[field] !== 'string' || (field !== 'script' && aiModel[field] === ''),
  );
  if (missing.length > 0) {
    throw new ValidationError(
      missing.map((field) => {
        const wanted = field === 'script' ? 'a string' : 'a non-empty string';
        const message = `A legacy AIModel needs "${field}" (${wanted}), received ${describeValue(aiModel[field])}`;
        return issue({ code: 'missing', path: [...path, field], message });
      }),
    );
  }
  const modelKey = aiModel.model as string;
  const clothes = aiModel.clothes as string;
  const entry = findAvatar(context.options.avatars, modelKey, clothes);
  const model: AiModelObject = entry ?? {
    ai_name: modelKey,
    emotion: clothes,
    ...(typeof aiModel.language === 'string' ? { language: aiModel.language } : {}),
  };
  const tight = avatarTightSize(model);
  if (tight === undefined) {
    const { width, height } = context.canvas;
    const why =
      entry === undefined
        ? `No avatar in options.avatars has ai_name "${modelKey}" and emotion "${clothes}"`
        : `The avatar "${modelKey}"/"${clothes}" has no editorValue.modelTightW/modelTightH`;
    const message =
      `${why}: laid out with the canvas size ${width}x${height} as its tight size; ` +
      'pass its model object in options.avatars to lay it out exactly';
    context.warnings.push(warning('missing', path, message));
  }
  const box = legacyAvatarToV3(aiModel, {
    canvas: context.canvas,
    model,
    tightWidth: tight?.width ?? context.canvas.width,
    tightHeight: tight?.height ?? context.canvas.height,
    path,
  });
  const layer = readNumber(aiModel.layer, {
    path: [...path, 'layer'],
    rule: 'integer',
    fallback: LEGACY_DEFAULT_LAYERS.aiModel,
  });
  const id = `aiModel-${s}`;
  return {
    clip: { id, name: id, type: 'aiModel', layer, ...box, model },
    script: { org: aiModel.script as string, isTTS: false, tts: null, modelId: modelKey, clothId: clothes },
  };
}

function convertImage(detail: LegacyClipDetailLike, path: PathSegment[], key: string, context: Context): Clip {
  const url = requireUrl(detail, path);
  let size = lookup(context.options.imageSizes, url);
  if (size === undefined) {
    const scale = readNumber(detail.scale, { path: [...path, 'detail', 'scale'], rule: 'positive', fallback: 1 });
    const side = 0.5 * scale * context.canvas.width;
    size = { width: side, height: side };
    const message =
      `No natural size for image ${JSON.stringify(url)} in options.imageSizes: ` +
      `laid out as a ${side}x${side} square; pass its size to place it exactly`;
    context.warnings.push(warning('missing', [...path, 'detail', 'url'], message));
  }
  const box = legacyImageToV3(detail, {
    canvas: context.canvas,
    naturalWidth: size.width,
    naturalHeight: size.height,
    path: [...path, 'detail'],
  });
  const layer = readClipLayer(detail, path);
  const id = `image-${key}`;
  return { id, name: id, type: 'image', layer, ...box, source_url: url };
}

function convertText(detail: LegacyClipDetailLike, path: PathSegment[], key: string, context: Context): Clip {
  if (detail.textSource === undefined || detail.textSource === null) {
    const message = 'A legacy text clip without "textSource": emitted with empty text';
    context.warnings.push(warning('missing', [...path, 'detail', 'textSource'], message));
  }
  const text = legacyTextToV3(detail, { canvas: context.canvas, path: [...path, 'detail'] });
  const layer = readClipLayer(detail, path);
  const fontFamily = typeof detail.font === 'string' && detail.font !== '' ? detail.font : LEGACY_DEFAULT_FONT;
  const id = `textImage-${key}`;
  return { id, name: id, type: 'textImage', layer, ...text, fontFamily };
}

function readClipLayer(detail: LegacyClipDetailLike, path: PathSegment[]): number {
  return readNumber(detail.layer, {
    path: [...path, 'detail', 'layer'],
    rule: 'integer',
    fallback: LEGACY_DEFAULT_LAYERS.clip,
  });
}

function requireUrl(detail: LegacyClipDetailLike, path: PathSegment[]): string {
  if (typeof detail.url === 'string' && detail.url !== '') return detail.url;
  const message = 'A legacy image or background clip needs "detail.url" (the image address)';
  throw new ValidationError([issue({ code: 'missing', path: [...path, 'detail', 'url'], message })]);
}

function findAvatar(
  avatars: readonly LegacyAvatarEntry[] | undefined,
  model: string,
  clothes: string,
): AiModelObject | undefined {
  for (const entry of avatars ?? []) {
    const candidate = 'ai_name' in entry ? (entry as AiModelObject) : (entry as { model?: AiModelObject }).model;
    if (candidate?.ai_name === model && candidate.emotion === clothes) return candidate;
  }
  return undefined;
}

function lookup(sizes: Readonly<Record<string, ImageSize>> | undefined, url: string): ImageSize | undefined {
  return sizes !== undefined && Object.hasOwn(sizes, url) ? sizes[url] : undefined;
}

function warning(code: Issue['code'], path: readonly PathSegment[], message: string): Issue {
  return issue({ code, path, message, severity: 'warning' });
}

/** Runs one conversion; its ValidationError issues join the others instead of stopping. */
function collect<T>(context: Context, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (!isValidationError(error)) throw error;
    context.errors.push(...error.issues);
    return undefined;
  }
}
