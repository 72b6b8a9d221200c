import type { ElementChildren } from '../element.js';
import { defineBuiltin } from './builtin.js';
import type { RawFields } from './clip-props.js';

/** Props of `<Video>`, the project. */
export interface VideoProps {
  /** Project name (service default `Default Template`). */
  readonly name?: string;
  /** Canvas: `landscape` 1920×1080 (default) or `portrait` 1080×1920. */
  readonly orientation?: 'landscape' | 'portrait';
  /** Address the synthesis result is delivered to. */
  readonly webhookUrl?: string;
  /** `false` only lists the project in the studio without exporting (service default `true`). */
  readonly isExport?: boolean;
  /** Additional speech learning data (variant B); passed through as given. */
  readonly dictionary?: Record<string, unknown>;
  /** Fields set on the emitted project object as given, after everything else (`undefined` removes one). */
  readonly raw?: RawFields;
  /** The scenes, in order. */
  readonly children?: ElementChildren;
}

/**
 * The project: a list of `<Scene>`s.
 *
 * @example
 * <Video name="Hello" orientation="landscape"><Scene>…</Scene></Video>
 */
export const Video = defineBuiltin<VideoProps>('Video');
