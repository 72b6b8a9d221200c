import type { BoxProps } from '../components/clip-props.js';
import type { ResolvedElement } from './resolve-tree.js';

const BOX_KEYS = ['left', 'top', 'width', 'height', 'scaleX', 'scaleY'] as const;
const CENTRE_KEYS = ['x', 'y', 'scale'] as const;

/** Which position family an element uses; `none` when it gives no position prop. */
export type Placement =
  | { readonly family: 'box'; readonly box: BoxProps }
  | { readonly family: 'centre'; readonly x: number; readonly y: number; readonly scale: number | undefined }
  | { readonly family: 'none' };

/** Reads an element's position props; mixing the two families gives the message naming both sets. */
export function readPlacement(element: ResolvedElement): Placement | { readonly mixed: string } {
  const p = element.props;
  const box = BOX_KEYS.filter((k) => p[k] !== undefined);
  const centre = CENTRE_KEYS.filter((k) => p[k] !== undefined);
  if (box.length > 0 && centre.length > 0) {
    return {
      mixed:
        `<${element.kind}> mixes position families: ${box.join(', ')} (v3 box) with ${centre.join(', ')} ` +
        '(legacy centre); use left/top/width/height/scaleX/scaleY or x/y/scale, not both',
    };
  }
  if (box.length > 0) {
    // Props not given stay undefined, which the box's readers (`??`) take as not given.
    const { left, top, width, height, scaleX, scaleY } = p;
    return { family: 'box', box: { left, top, width, height, scaleX, scaleY } as BoxProps };
  }
  if (centre.length > 0) {
    const x = (p['x'] as number | undefined) ?? 0;
    const y = (p['y'] as number | undefined) ?? 0;
    return { family: 'centre', x, y, scale: p['scale'] as number | undefined };
  }
  return { family: 'none' };
}
