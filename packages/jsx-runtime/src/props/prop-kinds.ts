import { COLOUR_FORMS, COLOUR_PATTERN, UsageError, languageCodeSchema } from '@vsynth/core';
import { z } from 'zod';
import { isAvatarDefinition } from '../avatar/define-avatar.js';
import type { AvatarSource } from '../avatar/avatar-catalogue.js';

/**
 * A colour prop in the grammar every colour field of a payload takes (`rgb(r,g,b)`, `#rgb`,
 * `#rrggbb`, `#rrggbbaa`); JSON Schema `format: "color"`, so an editor can offer a picker.
 *
 * @example export const schema = z.object({ brand: colourProp().default('#1e40af') });
 */
export function colourProp() {
  return z
    .string()
    .regex(COLOUR_PATTERN, { error: `must be a colour: ${COLOUR_FORMS}` })
    .meta({ format: 'color', description: `A colour: ${COLOUR_FORMS}` });
}

/**
 * An asset address the service can fetch: an `http(s)` URL (a local path would reach the service as
 * "missing image").
 *
 * @example export const schema = z.object({ logo: assetUrlProp() });
 */
export function assetUrlProp() {
  return z.url({ protocol: /^https?$/, error: 'must be an http(s) address the service can fetch' });
}

/**
 * An avatar by name, one of `avatars` (a video's `export const avatars`): the props panel lists them.
 *
 * @example export const schema = z.object({ presenter: avatarProp(avatars).default('anna') });
 */
export function avatarProp(avatars: readonly AvatarSource[]) {
  const names = [...new Set(avatars.map((a) => (isAvatarDefinition(a) ? a.name : a.ai_name)))];
  if (names.length === 0)
    throw new UsageError('avatarProp(avatars) needs at least one avatar: pass the video’s avatars export.');
  return z.enum(names as [string, ...string[]]);
}

/**
 * A language code of the service's table (`en-US`, `ko-KR`, …).
 *
 * @example export const schema = z.object({ language: languageProp().default('en-US') });
 */
export function languageProp() {
  return languageCodeSchema;
}
