import { z } from 'zod';

/** The orientations vsynth can lay out (DESIGN.md "Geometry"). */
export const ORIENTATIONS = ['landscape', 'portrait'] as const;

/** `landscape` (1920x1080) or `portrait` (1080x1920). */
export type Orientation = (typeof ORIENTATIONS)[number];

/**
 * A project orientation. Lenient: any string passes (the spec leaves other values open);
 * `checkRequest` warns about values other than {@link ORIENTATIONS}.
 *
 * @example orientationSchema.parse('portrait') // 'portrait'
 */
export const orientationSchema = z.string().describe('landscape (default) or portrait');

/**
 * True for an orientation vsynth can lay out.
 *
 * @example isKnownOrientation('square') // false
 */
export function isKnownOrientation(value: unknown): value is Orientation {
  return value === 'landscape' || value === 'portrait';
}
