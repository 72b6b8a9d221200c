import { defineBuiltin } from './builtin.js';
import type { RawFields } from './clip-props.js';

/** Props of `<Audio>`. */
export interface AudioProps {
  /** Audio URL (`source_url`). */
  readonly src: string;
  /** Volume 1–100. */
  readonly volume?: number;
  /** Display label. */
  readonly label?: string;
  /** Stacking order (audio is not drawn; kept for completeness). */
  readonly layer?: number;
  /** Clip tag, passed through as `tag`. */
  readonly tag?: string;
  /** The clip's `id` (and `name`) as given instead of derived from its position. */
  readonly id?: string;
  /** Fields set on the emitted clip as given, after the props (`undefined` removes one). */
  readonly raw?: RawFields;
  /** None: `<Audio>` takes no children. */
  readonly children?: never;
}

/**
 * Background audio for the scene (v3 only).
 *
 * @example <Audio src="https://cdn.example.com/music.mp3" volume={30} label="music" />
 */
export const Audio = defineBuiltin<AudioProps>('Audio');
