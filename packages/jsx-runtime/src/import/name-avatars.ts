import type { AiModelObject } from '@vsynth/core';
import { defineAvatar } from '../avatar/define-avatar.js';
import type { AvatarRef } from './import-node.js';

const RESERVED = new Set(
  [
    'break case catch class const continue debugger default delete do else enum export extends false finally for',
    'function if import in instanceof new null return super switch this throw true try typeof var void while with',
    'yield let static implements interface package private protected public await async of undefined NaN Infinity',
    'eval arguments defineAvatar',
  ]
    .join(' ')
    .split(' '),
);

/**
 * One name per distinct model object (compared as JSON), for the avatars module: the `ai_name`
 * in camelCase (`anna`), with the outfit when one avatar comes in several (`minhoCasualWhiteShirt`),
 * numbered when the same outfit comes with different objects (`anna2`). Order of first use.
 */
export function nameAvatars(models: readonly AiModelObject[]): Map<string, AvatarRef> {
  const distinct = new Map<string, AiModelObject>();
  for (const model of models) {
    const key = JSON.stringify(model);
    if (!distinct.has(key)) distinct.set(key, model);
  }
  const perName = new Map<string, number>();
  for (const model of distinct.values()) perName.set(model.ai_name, (perName.get(model.ai_name) ?? 0) + 1);
  const used = new Set<string>();
  const out = new Map<string, AvatarRef>();
  for (const [key, model] of distinct) {
    const base = identifier(
      (perName.get(model.ai_name) ?? 0) > 1 ? `${model.ai_name} ${model.emotion}` : model.ai_name,
    );
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}${n}`;
    used.add(name);
    out.set(key, { avatarRef: name, definition: defineAvatar(model) });
  }
  return out;
}

function identifier(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  let name = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  if (name === '') name = 'avatar';
  if (/^[0-9]/.test(name)) name = `avatar${name}`;
  if (RESERVED.has(name)) name = `${name}Avatar`;
  return name;
}
