/**
 * The style props each kind of v3 clip carries under the same name as its element's prop, in payload order:
 * compile writes them and import reads them back, so the two cannot drift apart.
 */
export const CLIP_STYLE_PROPS = {
  textImage: [
    'fontFamily',
    'fill',
    'align',
    'fontWeight',
    'fontStyle',
    'underline',
    'stroke',
    'strokeWidth',
    'backgroundColor',
    'shadow',
    'animation',
  ],
  image: ['animation'],
  shape: ['fill', 'stroke', 'strokeWidth', 'strokeRadius', 'shadow', 'animation'],
} as const satisfies Record<string, readonly string[]>;
