import type { AiModelObject } from '@vsynth/core';
import { isAvatarDefinition, type AvatarDefinition } from './define-avatar.js';

/** What `compile(…, {avatars})` accepts: `defineAvatar` results or bare model objects. */
export type AvatarSource = AvatarDefinition | AiModelObject;

/**
 * Avatars indexed by registered name and by `ai_name`, each with its outfits (`emotion`).
 *
 * @example new AvatarCatalogue([anna, minhoSuit]).find('minho', 'suit_charcoal')
 */
export class AvatarCatalogue {
  private readonly byName = new Map<string, AiModelObject[]>();

  constructor(avatars?: readonly AvatarSource[]) {
    if (avatars !== undefined) for (const entry of avatars) this.add(entry);
  }

  /** Registers a definition or model object under its name and its `ai_name`. */
  add(entry: AvatarSource): void {
    const model = isAvatarDefinition(entry) ? entry.model : entry;
    const names = isAvatarDefinition(entry) ? new Set([entry.name, model.ai_name]) : [model.ai_name];
    for (const name of names) {
      const list = this.byName.get(name) ?? [];
      if (!list.some((m) => m.emotion === model.emotion)) list.push(model);
      this.byName.set(name, list);
    }
  }

  /** Every outfit known for a name. */
  outfits(name: string): readonly AiModelObject[] {
    return this.byName.get(name) ?? [];
  }

  /** The model object for a name and, optionally, an outfit (`emotion`). */
  find(name: string, clothes: string | undefined): AiModelObject | undefined {
    const list = this.outfits(name);
    if (clothes === undefined) return list.length === 1 ? list[0] : undefined;
    for (const m of list) if (m.emotion === clothes) return m;
    return undefined;
  }
}
