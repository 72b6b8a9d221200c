import type { WordChange } from './word-diff.js';

/** A clip as a diff names it: its type and what it shows, e.g. `textImage "Spring launch"`. */
export interface ClipRef {
  /** Index of the scene (after the change; before it for what was removed). */
  readonly scene: number;
  /** Index of the clip in its scene's `clips` (after; before for what was removed). */
  readonly clip: number;
  readonly type: string;
  /** A short description: the text, the URL's file name, the shape or the avatar. */
  readonly label: string;
}

/** One change of a video, in terms of what is seen and heard. */
export type VideoChange =
  | { readonly kind: 'scene-added'; readonly scene: number; readonly label: string }
  | { readonly kind: 'scene-removed'; readonly scene: number; readonly label: string }
  /** `order[i]` is the index before the change of the i-th scene after it that both sides have. */
  | { readonly kind: 'scenes-reordered'; readonly order: readonly number[] }
  | { readonly kind: 'background'; readonly scene: number; readonly before: string; readonly after: string }
  | {
      readonly kind: 'script';
      readonly scene: number;
      readonly before: string;
      readonly after: string;
      readonly words: readonly WordChange[];
    }
  | { readonly kind: 'clip-added'; readonly at: ClipRef }
  | { readonly kind: 'clip-removed'; readonly at: ClipRef }
  | { readonly kind: 'moved'; readonly at: ClipRef; readonly dx: number; readonly dy: number }
  | { readonly kind: 'resized'; readonly at: ClipRef; readonly before: Size; readonly after: Size }
  | {
      readonly kind: 'text';
      readonly at: ClipRef;
      readonly before: string;
      readonly after: string;
      readonly words: readonly WordChange[];
    }
  | { readonly kind: 'avatar'; readonly at: ClipRef; readonly before: AvatarName; readonly after: AvatarName }
  | { readonly kind: 'layer'; readonly at: ClipRef; readonly before: unknown; readonly after: unknown }
  /** Any other field: of the project (`at` and `scene` absent), a scene, or a clip. */
  | {
      readonly kind: 'field';
      readonly scene?: number;
      readonly at?: ClipRef;
      readonly field: string;
      readonly before: unknown;
      readonly after: unknown;
    };

/** Displayed size in canvas pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** An avatar and outfit: `model.ai_name` and `model.emotion`. */
export interface AvatarName {
  readonly ai_name: unknown;
  readonly emotion: unknown;
}

/** Estimates of one side. */
export interface VideoMeasures {
  readonly scenes: number;
  /** Cubes an export of the create request uses. */
  readonly cubes: number;
  /** Seconds, when the caller gave an estimator. */
  readonly durationSeconds?: number;
}

/** What {@link diffPayloads} returns. */
export interface VideoDiff {
  /** No change a viewer would notice, and no other field changed. */
  readonly equal: boolean;
  readonly changes: readonly VideoChange[];
  readonly before: VideoMeasures;
  readonly after: VideoMeasures;
}
