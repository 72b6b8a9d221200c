import { z } from 'zod';

/** Animation types of textImage, image and shape clips. */
export const ANIMATION_TYPES = [
  'fade-in', 'fade-out', 'in-right', 'in-down', 'in-left', 'in-up',
  'out-right', 'out-down', 'out-left', 'out-up', 'zoom-in', 'zoom-out',
] as const;

/** One of {@link ANIMATION_TYPES}. */
export type AnimationType = (typeof ANIMATION_TYPES)[number];

/**
 * A clip animation: `{type, duration 1–30, delay 0–30}` (seconds).
 *
 * @example animationSchema.parse({ type: 'fade-in', duration: 1, delay: 0 })
 */
export const animationSchema = z
  .looseObject({
    type: z.enum(ANIMATION_TYPES),
    duration: z.number().min(1).max(30).optional().describe('Seconds, 1–30'),
    delay: z.number().min(0).max(30).optional().describe('Seconds, 0–30'),
  })
  .describe('Animation');

/** A clip animation. */
export type Animation = z.infer<typeof animationSchema>;
