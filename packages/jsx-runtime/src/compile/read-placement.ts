import type { BoxProps } from '../components/clip-props.js';
import type { ResolvedElement } from './resolve-tree.js';

const BOX_KEYS = ['left', 'top', 'width', 'height', 'scaleX', 'scaleY'] as const;
const CENTRE_KEYS = ['x', 'y', 'scale'] as const;

/** Which position family an element uses; `none` when it gives no position prop. */
export type Placement =
  | { readonly family: 'box'; readonly box: BoxProps }
  | { readonly family: 'centre'; readonly x: number; readonly y: number; readonly scale: number | undefined }
  | { readonly family: 'none' };

/**
 * Reads an element's position props. Mixing the v3 box (`left top width height scaleX scaleY`)
 * with the legacy centre family (`x y scale`) returns the message naming both sets.
 *
 * @example readPlacement(el) // { family: 'centre', x: 0.25, y: 0, scale: 1.2 }
 */
export function readPlacement(element: ResolvedElement): Placement | { readonly mixed: string } {
  const p = element.props;
  const hasBox =
    p['left'] !== undefined || p['top'] !== undefined || p['width'] !== undefined || p['height'] !== undefined || p['scaleX'] !== undefined || p['scaleY'] !== undefined;
  const hasCentre = p['x'] !== undefined || p['y'] !== undefined || p['scale'] !== undefined;
  if (hasBox && hasCentre) {
    const box = BOX_KEYS.filter((k) => p[k] !== undefined);
    const centre = CENTRE_KEYS.filter((k) => p[k] !== undefined);
    return {
      mixed:
        `<${element.kind}> mixes position families: ${box.join(', ')} (v3 box) with ${centre.join(', ')} (legacy centre); ` +
        'use left/top/width/height/scaleX/scaleY or x/y/scale, not both',
    };
  }
  if (hasBox) {
    // Props not given stay undefined, which the box's readers (`??`) take as not given.
    const box = { left: p['left'], top: p['top'], width: p['width'], height: p['height'], scaleX: p['scaleX'], scaleY: p['scaleY'] } as BoxProps;
    return { family: 'box', box };
  }
  if (hasCentre) {
    return { family: 'centre', x: (p['x'] as number | undefined) ?? 0, y: (p['y'] as number | undefined) ?? 0, scale: p['scale'] as number | undefined };
  }
  return NONE;
}

const NONE: Placement = { family: 'none' };
