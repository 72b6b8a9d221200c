import { Image } from '@vsynth/jsx-runtime';

/** Props of {@link Logo}. */
export interface LogoProps {
  readonly src: string;
  /** Legacy centre position and scale (1 = longer side half the canvas). */
  readonly x?: number;
  readonly y?: number;
  readonly scale?: number;
}

/** Natural sizes of the brand assets; a real project would probe the files (e.g. with image-size). */
const KNOWN_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  'https://cdn.example.com/brand/logo-wide.png': [1200, 400],
  'https://cdn.example.com/brand/logo-square.png': [800, 800],
};

async function probe(src: string): Promise<readonly [number, number]> {
  const size = KNOWN_SIZES[src];
  if (size === undefined) throw new Error(`unknown asset ${src}; add its natural size`);
  return size;
}

/**
 * An async component: looks up the image's natural size, then places it by its centre.
 *
 * @example <Logo src="https://cdn.example.com/brand/logo-wide.png" x={0.38} y={-0.4} scale={0.3} />
 */
export async function Logo({ src, x = 0.38, y = -0.4, scale = 0.3 }: LogoProps) {
  const [naturalWidth, naturalHeight] = await probe(src);
  return <Image src={src} naturalWidth={naturalWidth} naturalHeight={naturalHeight} x={x} y={y} scale={scale} />;
}
