import { z } from 'zod';

const num = z.number();

const layoutShape = {
  headCenterX: num.optional(),
  headCenterY: num.optional(),
  headWidth: num.optional(),
  headHeight: num.optional(),
  modelTightX: num.optional(),
  modelTightY: num.optional(),
  modelTightS: num.optional(),
  modelTightW: num.optional(),
  modelTightH: num.optional(),
  modelOriginW: num.optional(),
  modelOriginH: num.optional(),
  scale: num.optional().describe('Display scale of the avatar (1 when absent)'),
  adjustX: num.optional(),
  adjustY: num.optional(),
  spaceB: num.optional(),
  spaceT: num.optional(),
  spaceL: num.optional(),
  spaceR: num.optional(),
};

/** `model.editorValue`: the avatar's layout values (the service does not document their units). */
export const editorValueSchema = z.looseObject(layoutShape);

/** `model.editor`: the layout values plus the editor box `top`, `left`, `height`, `width`. */
export const modelEditorSchema = z.looseObject({
  ...layoutShape,
  top: num.optional(),
  left: num.optional(),
  height: num.optional(),
  width: num.optional(),
});

/** `model.deployImage`: thumbnail, original and edit images of the avatar with their sizes. */
export const deployImageSchema = z.looseObject({
  themb_src: z.string().optional(),
  themb_width: num.optional(),
  themb_height: num.optional(),
  org_src: z.string().optional(),
  org_width: num.optional(),
  org_height: num.optional(),
  edit_src: z.string().optional(),
  edit_width: num.optional(),
  edit_height: num.optional(),
});

/** `model.deploySize`: original and edit sizes of the avatar image. */
export const deploySizeSchema = z.looseObject({
  org_width: num.optional(),
  org_height: num.optional(),
  edit_width: num.optional(),
  edit_height: num.optional(),
});

/**
 * The `model` object of an aiModel clip: `ai_name` and `emotion` name the avatar and its clothing
 * (variant A's `modelId`/`clothId` must equal them); the layout data the service writes is kept as given.
 */
export const aiModelObjectSchema = z
  .looseObject({
    ai_name: z.string().min(1).describe('Avatar model identifier'),
    emotion: z.string().min(1).describe('Avatar clothing identifier'),
    language: z.string().optional().describe('Language of the avatar, e.g. en'),
    source_url: z.string().optional(),
    editor: modelEditorSchema.optional(),
    editorValue: editorValueSchema.optional(),
    origin: z.looseObject({ height: num.optional(), width: num.optional() }).optional(),
    deployImage: deployImageSchema.optional(),
    deploySize: deploySizeSchema.optional(),
    maskFile: z.string().optional(),
  })
  .describe('The avatar of an aiModel clip');

export type AiModelObject = z.infer<typeof aiModelObjectSchema>;
