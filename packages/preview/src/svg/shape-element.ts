import { SHAPE_NAMES, type ShapeName } from '@vsynth/core';

// Re-exported: the preview draws exactly the shapes core's schema accepts.
export { SHAPE_NAMES, type ShapeName };

export interface ShapeElementOptions {
  readonly width: number;
  readonly height: number;
  /** Already-escaped presentation attributes (fill, stroke, …) put on the element. */
  readonly attributes: string;
  /** Corner radius of rectangles (`strokeRadius`). */
  readonly cornerRadius?: number;
  /** Stroke width, for lines and arrows whose body is a stroke. */
  readonly strokeWidth?: number;
}

const f = (value: number): string => String(Math.round(value * 100) / 100);

function polygon(points: readonly (readonly [number, number])[], attributes: string): string {
  return `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" ${attributes}/>`;
}

/** Regular polygon inscribed in the box; `rotation` 0 puts a vertex at the top. */
function regular(sides: number, w: number, h: number, rotation = 0): [number, number][] {
  return Array.from({ length: sides }, (_, i) => {
    const angle = -Math.PI / 2 + rotation + (i * 2 * Math.PI) / sides;
    return [w / 2 + (w / 2) * Math.cos(angle), h / 2 + (h / 2) * Math.sin(angle)];
  });
}

/**
 * The SVG element of a shape clip inside a box of its natural `width` x `height` at 0,0, or undefined for an
 * unknown name.
 *
 * @example shapeElement('Star', { width: 100, height: 100, attributes: 'fill="#ff0"' })
 */
export function shapeElement(name: string, options: ShapeElementOptions): string | undefined {
  const { width: w, height: h, attributes } = options;
  switch (name as ShapeName) {
    case 'Square':
    case 'Rectangle_corner0': {
      const r = Math.max(0, Math.min(options.cornerRadius ?? 0, w / 2, h / 2));
      return `<rect x="0" y="0" width="${f(w)}" height="${f(h)}"${r > 0 ? ` rx="${f(r)}"` : ''} ${attributes}/>`;
    }
    case 'Circle':
    case 'Oval_1':
    case 'Oval_2':
      return `<ellipse cx="${f(w / 2)}" cy="${f(h / 2)}" rx="${f(w / 2)}" ry="${f(h / 2)}" ${attributes}/>`;
    case 'Triangle':
      return polygon(
        [
          [w / 2, 0],
          [w, h],
          [0, h],
        ],
        attributes,
      );
    case 'Diamond':
      return polygon(
        [
          [w / 2, 0],
          [w, h / 2],
          [w / 2, h],
          [0, h / 2],
        ],
        attributes,
      );
    case 'Parallelogram':
      return polygon(
        [
          [w * 0.25, 0],
          [w, 0],
          [w * 0.75, h],
          [0, h],
        ],
        attributes,
      );
    case 'Pentagon':
      return polygon(regular(5, w, h), attributes);
    case 'Polygon':
      return polygon(regular(8, w, h, Math.PI / 8), attributes);
    case 'Hexagon_1':
      return polygon(regular(6, w, h, Math.PI / 6), attributes);
    case 'Hexagon_2':
      return polygon(regular(6, w, h), attributes);
    case 'Star': {
      const points: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 === 0 ? 0.5 : 0.5 * 0.382;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        points.push([w / 2 + w * radius * Math.cos(angle), h / 2 + h * radius * Math.sin(angle)]);
      }
      return polygon(points, attributes);
    }
    case 'Drop_1':
      return (
        `<path d="M${f(w / 2)},0 C${f(w * 0.5)},${f(h * 0.25)} ${f(w)},${f(h * 0.45)} ${f(w)},${f(h * 0.68)}` +
        ` A${f(w / 2)},${f(h * 0.32)} 0 0 1 0,${f(h * 0.68)} C0,${f(h * 0.45)} ${f(w * 0.5)},${f(h * 0.25)}` +
        ` ${f(w / 2)},0 Z" ${attributes}/>`
      );
    case 'Line_v2': {
      const thickness = Math.max(1, h * 0.1);
      return `<rect x="0" y="${f(h / 2 - thickness / 2)}" width="${f(w)}" height="${f(thickness)}" ${attributes}/>`;
    }
    case 'Arrow_1_v2':
    case 'Arrow_2_v2': {
      const shaft = Math.max(1, h * 0.2);
      const head = Math.min(w * 0.3, h);
      const y0 = h / 2 - shaft / 2;
      const y1 = h / 2 + shaft / 2;
      const both = name === 'Arrow_2_v2';
      const left = both ? head : 0;
      return polygon(
        [
          ...(both
            ? ([
                [0, h / 2],
                [head, 0],
                [head, y0],
              ] as [number, number][])
            : ([[0, y0]] as [number, number][])),
          [w - head, y0],
          [w - head, 0],
          [w, h / 2],
          [w - head, h],
          [w - head, y1],
          ...(both
            ? ([
                [head, y1],
                [head, h],
              ] as [number, number][])
            : ([[left, y1]] as [number, number][])),
        ],
        attributes,
      );
    }
    default:
      return undefined;
  }
}
