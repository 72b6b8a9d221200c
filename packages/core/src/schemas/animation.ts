import { z } from 'zod';

/** Animation types of textImage, image and shape clips. */
export const ANIMATION_TYPES = [
  'fade-in',
  'fade-out',
  'in-right',
  'in-down',
  'in-left',
  'in-up',
  'out-right',
  'out-down',
  'out-left',
  'out-up',
  'zoom-in',
  'zoom-out',
] as const;

export type AnimationType = (typeof ANIMATION_TYPES)[number];

/** A clip animation: `{type, duration 1–30, delay 0–30}` (seconds). */
export const animationSchema = z
  .looseObject({
    type: z.enum(ANIMATION_TYPES),
    duration: z.number().min(1).max(30).optional().describe('Seconds, 1–30'),
    delay: z.number().min(0).max(30).optional().describe('Seconds, 0–30'),
  })
  .describe('Animation');

export type Animation = z.infer<typeof animationSchema>;
