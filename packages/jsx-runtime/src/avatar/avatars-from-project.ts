import { ValidationError, issue, type Issue } from '@vsynth/core';
import { defineAvatar, type AvatarDefinition } from './define-avatar.js';

/**
 * Extracts every distinct avatar (by `ai_name` + `emotion`) from an existing v3 project JSON —
 * a create request or a stored project — so later compiles can reference them by key.
 *
 * @example
 * const avatars = avatarsFromProject(JSON.parse(await readFile('project.json', 'utf8')));
 * await compile(<Video>…<Avatar model="anna" clothes="business_suit" />…</Video>, { avatars });
 */
export function avatarsFromProject(json: unknown): AvatarDefinition[] {
  const scenes = (json as { scenes?: unknown } | null)?.scenes;
  if (!Array.isArray(scenes)) {
    const message = 'expected a project with a "scenes" array';
    throw new ValidationError([issue({ code: 'missing', message, path: ['scenes'] })], { subject: 'project JSON' });
  }
  const found = new Map<string, AvatarDefinition>();
  const issues: Issue[] = [];
  scenes.forEach((scene: unknown, s) => {
    const clips = (scene as { clips?: unknown } | null)?.clips;
    if (!Array.isArray(clips)) return;
    clips.forEach((clip: unknown, c) => {
      const model = clip as { type?: unknown; model?: unknown } | null;
      if (model?.type !== 'aiModel' || typeof model.model !== 'object' || model.model === null) return;
      const m = model.model as { ai_name?: unknown; emotion?: unknown };
      const key = `${String(m.ai_name)}\u0000${String(m.emotion)}`;
      if (found.has(key)) return;
      try {
        found.set(key, defineAvatar(model.model as never));
      } catch (error) {
        const inner = error instanceof ValidationError ? error.issues : [];
        for (const i of inner) issues.push({ ...i, path: ['scenes', s, 'clips', c, 'model', ...i.path] });
      }
    });
  });
  if (issues.length > 0) throw new ValidationError(issues, { subject: 'project JSON' });
  return [...found.values()];
}
