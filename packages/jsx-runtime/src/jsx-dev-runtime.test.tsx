import { describe, expect, it } from 'vitest';
import { Avatar, Image, Scene, Text, Video } from './index.js';
import { isElement } from './element.js';
import { jsx, jsxs } from './jsx-runtime.js';
import { jsxDEV } from './jsx-dev-runtime.js';

describe('jsxDEV', () => {
  it('records the source location of each element written in TSX', () => {
    const element = <Text fontSize={40}>Hi</Text>;
    expect(element.source?.fileName).toMatch(/jsx-dev-runtime\.test\.tsx$/);
    expect(element.source?.lineNumber).toBe(9);
    expect(element.source?.columnNumber).toBeGreaterThan(0);
  });

  it('builds frozen, branded elements', () => {
    const element = (
      <Scene background="#fff">
        <Text>a</Text>
      </Scene>
    );
    expect(isElement(element)).toBe(true);
    expect(Object.isFrozen(element)).toBe(true);
    expect(Object.isFrozen(element.props)).toBe(true);
    expect(element.$$typeof).toBe(Symbol.for('vsynth.element'));
    expect(isElement({ type: Scene, props: {} })).toBe(false);
  });

  it('keeps keys as strings and children as given', () => {
    const element = (
      <Video>
        {[1, 2].map((n) => (
          <Scene key={n} />
        ))}
      </Video>
    );
    const scenes = element.props.children as readonly { key: string }[];
    expect(scenes.map((s) => s.key)).toEqual(['1', '2']);
  });

  it('jsx and jsxs are the same implementation as jsxDEV', () => {
    expect(jsx).toBe(jsxDEV);
    expect(jsxs).toBe(jsxDEV);
    const element = jsx(Image, { src: 'a.png' }, 'k');
    expect(element.key).toBe('k');
    expect(element.source).toBeUndefined();
  });

  it('calling a built-in component directly gives an element of it', () => {
    const element = Avatar({ model: 'anna', clothes: 'suit' });
    expect(element.type).toBe(Avatar);
    expect(isElement(element)).toBe(true);
  });
});
