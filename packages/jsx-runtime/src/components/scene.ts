import type { ElementChildren } from '../element.js';
import { defineBuiltin } from './builtin.js';
import type { RawFields } from './clip-props.js';

/** Props of `<Scene>`. */
export interface SceneProps {
  /** A colour (`"rgb(12,34,56)"`, `"#0a1b2c"`) or an image URL; or give a `<Background>` child. Default white. */
  readonly background?: string;
  /** Sample payloads carry it; meaning not documented by the service. */
  readonly watermark?: boolean;
  /** Fields set on the emitted scene object as given, after everything else (`undefined` removes one). */
  readonly raw?: RawFields;
  /** Clips (`<Avatar>`, `<Text>`, `<Image>`, `<Shape>`, `<VideoClip>`, `<Audio>`) and at most one `<Background>`. */
  readonly children?: ElementChildren;
}

/**
 * One scene of the video; at most one speaking `<Avatar>` for variant A and legacy.
 *
 * @example
 * <Scene background="#101820"><Avatar model={anna}>Hello!</Avatar></Scene>
 */
export const Scene = defineBuiltin<SceneProps>('Scene');
