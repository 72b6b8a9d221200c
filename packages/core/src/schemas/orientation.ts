import { z } from 'zod';

/** The orientations vsynth can lay out. */
export const ORIENTATIONS = ['landscape', 'portrait'] as const;

/** `landscape` (1920x1080) or `portrait` (1080x1920). */
export type Orientation = (typeof ORIENTATIONS)[number];

/**
 * A project orientation. Any string passes because the service leaves other values open;
 * `checkRequest` warns about values other than {@link ORIENTATIONS}.
 */
export const orientationSchema = z.string().describe('landscape (default) or portrait');

/** True for an orientation vsynth can lay out. */
export function isKnownOrientation(value: unknown): value is Orientation {
  return value === 'landscape' || value === 'portrait';
}
