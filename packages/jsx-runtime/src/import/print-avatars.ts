import type { AvatarRef } from './import-node.js';
import { printValue } from './print-value.js';

/**
 * The avatars module of an imported video: each model object once, as `export const anna = defineAvatar({…});`,
 * in order of first use; `''` when there are none (legacy projects name avatars by key).
 */
export function printAvatars(avatars: readonly AvatarRef[]): string {
  if (avatars.length === 0) return '';
  const lines = [
    '/**',
    ' * The avatars of a video imported by `vsynth import`: each model object once, referenced by name.',
    ' */',
    "import { defineAvatar } from '@vsynth/jsx-runtime';",
  ];
  for (const a of avatars)
    lines.push('', `export const ${a.avatarRef} = defineAvatar(${printValue(a.definition.model, '')});`);
  lines.push('');
  return lines.join('\n');
}
