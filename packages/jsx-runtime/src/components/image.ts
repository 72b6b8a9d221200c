import { defineBuiltin } from './builtin.js';
import type { AnimationProps, ClipProps } from './clip-props.js';

/** Props of `<Image>`: its own, the common clip props and one position family. */
export type ImageProps = ImageOwnProps & ClipProps;

export interface ImageOwnProps {
  /** Image URL (`source_url`). */
  readonly src: string;
  /** Natural pixel width; needed for the centre family and when `width` is omitted. */
  readonly naturalWidth?: number;
  /** Natural pixel height; needed for the centre family and when `height` is omitted. */
  readonly naturalHeight?: number;
  /** Entrance or exit animation (`animation`). */
  readonly animation?: AnimationProps;
  /** None: `<Image>` takes no children. */
  readonly children?: never;
}

/**
 * An image clip.
 *
 * @example <Image src="https://cdn.example.com/logo.png" naturalWidth={800} naturalHeight={400} scale={0.5} />
 */
export const Image = defineBuiltin<ImageProps>('Image');
