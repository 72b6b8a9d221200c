import type { AiModelObject, PathSegment } from '@vsynth/core';
import type { AvatarCatalogue } from '../avatar/avatar-catalogue.js';
import { isAvatarDefinition } from '../avatar/define-avatar.js';
import type { CompileContext } from './compile-context.js';
import type { ResolvedElement } from './resolve-tree.js';

/** The avatar an `<Avatar>` names: keys always, the model object when known. */
export interface ResolvedAvatar {
  readonly key: string;
  readonly clothes: string | undefined;
  readonly language: string | undefined;
  readonly model: AiModelObject | undefined;
}

/**
 * Works out which avatar and outfit an `<Avatar>` means, from a model object, a definition or a key looked up
 * in the catalogue. `needModel` (v3) reports a key-only avatar as an error saying how to supply its model.
 */
export function resolveAvatar(
  element: ResolvedElement,
  catalogue: AvatarCatalogue,
  options: { readonly needModel: boolean; readonly path: readonly PathSegment[]; readonly ctx: CompileContext },
): ResolvedAvatar | undefined {
  const { ctx, path } = options;
  const given = element.props['model'];
  const clothes = element.props['clothes'] as string | undefined;
  const language = element.props['language'] as string | undefined;
  let model: AiModelObject | undefined;
  let key: string;
  if (typeof given === 'string' && given !== '') {
    key = given;
    model = catalogue.find(given, clothes);
  } else if (isAvatarDefinition(given)) {
    key = given.model.ai_name;
    model = given.model;
  } else if (isModelObject(given)) {
    model = given;
    key = model.ai_name;
  } else {
    ctx.error(element, '<Avatar> needs "model": an ai_name key, a model object or a defineAvatar(…) result', path);
    return undefined;
  }
  if (model !== undefined && clothes !== undefined && model.emotion !== clothes) {
    const other = catalogue.find(model.ai_name, clothes);
    if (other === undefined) {
      const message =
        `<Avatar> asks for clothes "${clothes}" but the model object of "${key}" is for "${model.emotion}"; ` +
        'register that outfit with defineAvatar and pass it in the avatars option';
      ctx.error(element, message, path);
      return undefined;
    }
    model = other;
  }
  const outfit = clothes ?? model?.emotion;
  if (model === undefined && options.needModel) {
    const known = catalogue.outfits(key).map((m) => m.emotion);
    const hint =
      known.length > 0 && clothes === undefined ? ` (known outfits: ${known.join(', ')}; say which with clothes)` : '';
    ctx.error(
      element,
      `<Avatar model="${key}"> has no model object${hint}: v3 payloads need the avatar's whole model object. ` +
        'Register it once with defineAvatar({…}) and pass it as model={…} or in compile(…, {avatars}), ' +
        'or take it from an existing project with avatarsFromProject(json) (legacy needs only the keys)',
      path,
    );
    return undefined;
  }
  if (outfit === undefined) {
    ctx.error(element, `<Avatar model="${key}"> needs "clothes" (the outfit key)`, path);
    return undefined;
  }
  return { key, clothes: outfit, language: language ?? model?.language, model };
}

function isModelObject(value: unknown): value is AiModelObject {
  return typeof value === 'object' && value !== null && typeof (value as { ai_name?: unknown }).ai_name === 'string';
}
