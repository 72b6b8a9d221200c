import type { AiModelObject } from '@vsynth/core';
import type { AvatarDefinition } from '../avatar/define-avatar.js';
import { defineBuiltin } from './builtin.js';
import type { ClipProps, TextChildren } from './clip-props.js';

/** Props of `<Avatar>`: its own, the common clip props and one position family. */
export type AvatarProps = AvatarOwnProps & ClipProps;

export interface AvatarOwnProps {
  /** A `defineAvatar(…)` result, a whole model object, or an `ai_name` key looked up in the `avatars` option. */
  readonly model: string | AiModelObject | AvatarDefinition;
  /** Outfit key (`model.emotion`); defaults to the model object's. Required for a key-only avatar. */
  readonly clothes?: string;
  /** Language of the script (legacy needs it; defaults to the model object's). */
  readonly language?: string;
  /** TTS voice data; when given the avatar speaks with it (`isTTS: true`). */
  readonly tts?: Record<string, unknown>;
  /** Head-only effect. */
  readonly headOnly?: boolean;
  /** Voice only: the avatar is heard, not seen. */
  readonly voiceOnly?: boolean;
  /** The speech, instead of children. HTML-escaped on output. */
  readonly script?: string;
  /** v3: the speech is script markup (`<p>`, `<span>`, entities) as the service reads it, sent unescaped. */
  readonly markup?: boolean;
  /** The speech. HTML-escaped on output. */
  readonly children?: TextChildren;
}

/**
 * An AI avatar speaking its children.
 *
 * @example <Avatar model={anna} x={0.25} y={0.1} scale={1.2}>Welcome to our product tour.</Avatar>
 */
export const Avatar = defineBuiltin<AvatarProps>('Avatar');
