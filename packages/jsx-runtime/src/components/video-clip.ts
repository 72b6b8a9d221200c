import { defineBuiltin } from './builtin.js';
import type { ClipProps } from './clip-props.js';

/** Props of `<VideoClip>` (a videoImage clip): its own, the common clip props and one position family. */
export type VideoClipProps = VideoClipOwnProps & ClipProps;

export interface VideoClipOwnProps {
  /** Video URL (`video_url`). */
  readonly src: string;
  /** Poster image URL (`source_url`). */
  readonly poster?: string;
  /** Volume 1–100 (default 100). */
  readonly volume?: number;
  /** Natural pixel width of the video; needed for the centre family and when `width` is omitted. */
  readonly naturalWidth?: number;
  /** Natural pixel height of the video; needed for the centre family and when `height` is omitted. */
  readonly naturalHeight?: number;
  /** None: `<VideoClip>` takes no children. */
  readonly children?: never;
}

/**
 * A video playing inside the scene (v3 only).
 *
 * @example <VideoClip src="https://cdn.example.com/demo.mp4" naturalWidth={1280} naturalHeight={720} left={960} />
 */
export const VideoClip = defineBuiltin<VideoClipProps>('VideoClip');
