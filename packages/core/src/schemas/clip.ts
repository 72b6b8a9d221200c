import { z } from 'zod';
import { aiModelObjectSchema } from './ai-model.js';
import { animationSchema } from './animation.js';
import { colourSchema } from './colour.js';
import { clipScriptSchema } from './script.js';
import { shadowSchema } from './shadow.js';

/** The clip types, the `type` discriminator of {@link clipSchema}. */
export const CLIP_TYPES = ['aiModel', 'shape', 'image', 'textImage', 'videoImage', 'audio'] as const;

export type ClipType = (typeof CLIP_TYPES)[number];

/** Shape names a shape clip may draw. */
export const SHAPE_NAMES = [
  'Line_v2',
  'Arrow_1_v2',
  'Arrow_2_v2',
  'Circle',
  'Triangle',
  'Square',
  'Parallelogram',
  'Drop_1',
  'Polygon',
  'Pentagon',
  'Oval_1',
  'Oval_2',
  'Hexagon_1',
  'Hexagon_2',
  'Diamond',
  'Star',
  'Rectangle_corner0',
] as const;

export type ShapeName = (typeof SHAPE_NAMES)[number];

/** Text alignments of a textImage clip (fabric.js `textAlign` values). */
export const TEXT_ALIGNS = [
  'left',
  'center',
  'right',
  'justify',
  'justify-left',
  'justify-center',
  'justify-right',
] as const;

const opacity = z.number().min(1).max(100).optional().describe('1–100, default 100');
const volume = z.number().min(1).max(100).optional().describe('1–100, default 100');

/** Fields every clip carries. */
export const clipBaseShape = {
  id: z.string().min(1).describe('Clip identifier'),
  name: z.string().optional().describe('Usually equal to id'),
  layer: z.number().int().describe('Stacking order; higher is above lower'),
  top: z.number().describe('Top edge in canvas pixels'),
  left: z.number().describe('Left edge in canvas pixels'),
  height: z.number().describe('Natural height; displayed height = height * scaleY'),
  width: z.number().describe('Natural width; displayed width = width * scaleX'),
  scaleX: z.number().optional().describe('Default 1'),
  scaleY: z.number().optional().describe('Default 1'),
  tag: z.string().optional().describe('title / subtitles are addressed by modify keys'),
  angle: z.number().optional().describe('Degrees clockwise, default 0'),
  opacity,
};

/** The avatar clip, with the whole `model` object. Variant B carries the speech in `script`. */
export const aiModelClipSchema = z
  .looseObject({
    ...clipBaseShape,
    type: z.literal('aiModel'),
    model: aiModelObjectSchema,
    script: clipScriptSchema.optional().describe('Speech (variant B)'),
    effects: z.array(z.looseObject({ type: z.string() })).optional(),
    lockScalingFlip: z.boolean().optional(),
    lockMovementX: z.boolean().optional(),
    lockMovementY: z.boolean().optional(),
    lockRotation: z.boolean().optional(),
    lockScalingX: z.boolean().optional(),
    lockScalingY: z.boolean().optional(),
    lockSkewingX: z.boolean().optional(),
    lockSkewingY: z.boolean().optional(),
    lockUniScaling: z.boolean().optional(),
    voiceOnly: z.boolean().optional(),
    isDelete: z.boolean().optional().describe('true in scenes without a speaking avatar'),
    fill: colourSchema.optional(),
    headOnly: z.unknown().optional().describe('null in samples'),
  })
  .describe('Avatar clip');

/** A shape clip. */
export const shapeClipSchema = z
  .looseObject({
    ...clipBaseShape,
    type: z.literal('shape'),
    shapeName: z.enum(SHAPE_NAMES),
    fill: colourSchema.optional(),
    stroke: colourSchema.nullable().optional(),
    strokeWidth: z.number().min(0).optional(),
    strokeRadius: z.number().min(0).optional(),
    shadow: shadowSchema.nullable().optional(),
    animation: animationSchema.optional(),
  })
  .describe('Shape clip');

/** An image clip. */
export const imageClipSchema = z
  .looseObject({
    ...clipBaseShape,
    type: z.literal('image'),
    source_url: z.string().min(1).describe('Image address'),
    animation: animationSchema.optional(),
  })
  .describe('Image clip');

/** A text clip. */
export const textImageClipSchema = z
  .looseObject({
    ...clipBaseShape,
    type: z.literal('textImage'),
    text: z.string(),
    fontSize: z.number().int().positive().optional(),
    fill: colourSchema.optional().describe('Text colour'),
    fontFamily: z.string().optional().describe('Default Noto Sans CJK'),
    align: z.enum(TEXT_ALIGNS).optional().describe('Default left'),
    fontWeight: z.union([z.string(), z.number()]).optional(),
    fontStyle: z.enum(['normal', 'italic', 'oblique']).optional(),
    underline: z.boolean().optional(),
    stroke: colourSchema.nullable().optional(),
    strokeWidth: z.number().min(0).optional(),
    backgroundColor: colourSchema.optional(),
    shadow: shadowSchema.nullable().optional(),
    animation: animationSchema.optional(),
  })
  .describe('Text clip');

/** A video clip; `source_url` is its poster image. */
export const videoImageClipSchema = z
  .looseObject({
    ...clipBaseShape,
    type: z.literal('videoImage'),
    video_url: z.string().min(1).describe('Video address'),
    source_url: z.string().optional().describe('Poster image'),
    volume,
  })
  .describe('Video clip');

/** An audio clip. */
export const audioClipSchema = z
  .looseObject({
    ...clipBaseShape,
    type: z.literal('audio'),
    source_url: z.string().min(1).describe('Audio address'),
    volume,
    label: z.string().optional(),
  })
  .describe('Audio clip');

/** Any clip of a scene, discriminated by `type`; unknown fields are kept. */
export const clipSchema = z.discriminatedUnion('type', [
  aiModelClipSchema,
  shapeClipSchema,
  imageClipSchema,
  textImageClipSchema,
  videoImageClipSchema,
  audioClipSchema,
]);

export type AiModelClip = z.infer<typeof aiModelClipSchema>;
export type ShapeClip = z.infer<typeof shapeClipSchema>;
export type ImageClip = z.infer<typeof imageClipSchema>;
export type TextImageClip = z.infer<typeof textImageClipSchema>;
export type VideoImageClip = z.infer<typeof videoImageClipSchema>;
export type AudioClip = z.infer<typeof audioClipSchema>;
export type Clip = z.infer<typeof clipSchema>;
