import { defineBuiltin } from './builtin.js';
import type { RawFields } from './clip-props.js';

/** Props of `<Background>`: exactly one of `color` or `src`. */
export interface BackgroundProps {
  /** `"rgb(r,g,b)"` or `"#rgb"`/`"#rrggbb"`. */
  readonly color?: string;
  /** Image URL. */
  readonly src?: string;
  /** Fields set on the emitted background (v3 `scene.background`, legacy `background` clip) as given. */
  readonly raw?: RawFields;
  /** None: `<Background>` takes no children. */
  readonly children?: never;
}

/**
 * The scene background as a child element.
 *
 * @example <Scene><Background src="https://cdn.example.com/office.jpg" /></Scene>
 */
export const Background = defineBuiltin<BackgroundProps>('Background');
