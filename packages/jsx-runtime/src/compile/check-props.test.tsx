import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue, isValidationError, type Issue } from '@vsynth/core';
import { anna } from '../fixtures/avatars.js';
import { Audio, Avatar, Image, Scene, Shape, Text, Video } from '../index.js';
import type { VsynthNode } from '../element.js';
import { compile } from './compile.js';

const HERE = 'packages/jsx-runtime/src/compile/check-props.test.tsx';
const SOURCE_LINES = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
/** 1-based line of the first line containing `needle`. */
const lineOf = (needle: string): number => SOURCE_LINES.findIndex((l) => l.includes(needle)) + 1;

/** Props JavaScript (or `vsynth compile`, which does not type-check) can pass past the types. */
const loose = (props: Record<string, unknown>): {} => props;
/** A prop value past the types. */
const untyped = (value: unknown): never => value as never;

async function issuesOf(tree: VsynthNode): Promise<readonly Issue[]> {
  try {
    await compile(tree, { variant: 'B' });
  } catch (error) {
    if (isValidationError(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the compile to fail');
}

describe('props are checked at compile time, for code that was not type-checked', () => {
  it('refuses an unknown prop with the place, "did you mean" and the props the element takes', async () => {
    const issues = await issuesOf(
      <Video>
        <Scene {...loose({ bogus: 'x', backgroud: '#fff' })}>
          <Text>Hi</Text>
        </Scene>
      </Video>,
    );
    expect(issues.map(formatIssue)).toEqual([
      `✖ <Scene> has no prop "bogus"; it takes background, watermark, raw\n  → at ${HERE}:${lineOf("bogus: 'x'")}:9 <Scene>`,
      `✖ <Scene> has no prop "backgroud" (did you mean "background"?); it takes background, watermark, raw\n  → at ${HERE}:${lineOf("bogus: 'x'")}:9 <Scene>`,
    ]);
    expect(issues.map((i) => i.code)).toEqual(['unknown_key', 'unknown_key']);
  });

  it("refuses values outside a prop's set, listing the allowed ones", async () => {
    const issues = await issuesOf(
      <Video {...loose({ orientation: 'square' })}>
        <Scene>
          <Text {...loose({ tag: 'titel', align: 'middle', fontStyle: 'bold', fontWeight: 'heavy' })}>Hi</Text>
          <Shape shape={untyped('Blob')} />
          <Image src="a.png" left={0} top={0} width={10} height={10} animation={untyped({ type: 'spin', speed: 2 })} />
          <Audio src="a.mp3" {...loose({ tag: 'music' })} />
        </Scene>
      </Video>,
    );
    expect(issues.map((i) => i.message)).toEqual([
      '<Video> orientation "square" is not one of landscape, portrait',
      '<Text> tag "titel" is not one of title, subtitles (did you mean "title"?)',
      '<Text> align "middle" is not one of left, center, right, justify, justify-left, justify-center, justify-right',
      '<Text> fontStyle "bold" is not one of normal, italic, oblique',
      '<Text> fontWeight "heavy" is not one of normal, bold or a number',
      '<Shape> shape "Blob" is not one of Line_v2, Arrow_1_v2, Arrow_2_v2, Circle, Triangle, Square, Parallelogram, Drop_1, Polygon, Pentagon, Oval_1, Oval_2, Hexagon_1, Hexagon_2, Diamond, Star, Rectangle_corner0',
      '<Image> animation.type "spin" is not one of fade-in, fade-out, in-right, in-down, in-left, in-up, out-right, out-down, out-left, out-up, zoom-in, zoom-out',
      '<Image> animation has no field "speed"; it takes type, duration, delay',
      '<Audio> tag "music" is not one of title, subtitles',
    ]);
    const [video, text, shape, image, audio] = ["'square'", "'titel'", "'Blob'", "'spin'", "'music'"].map(lineOf);
    expect(issues.map((i) => i.source?.lineNumber)).toEqual([
      video,
      text,
      text,
      text,
      text,
      shape,
      image,
      image,
      audio,
    ]);
  });

  it('refuses values of the wrong type, and names the component a problem came through', async () => {
    function Presenter() {
      return <Avatar model={anna} {...loose({ scale: 'big', headOnly: 'yes' })} shadow-color="red" />;
    }
    const issues = await issuesOf(
      <Video>
        <Scene>
          <Presenter />
          <Text shadow={untyped({ blur: '3' })} {...loose({ fontSize: Number.NaN })}>
            Hi
          </Text>
          <Shape shape="Star" animation={untyped('fade-in')} />
        </Scene>
      </Video>,
    );
    expect(issues.map((i) => i.message)).toEqual([
      `<Avatar> scale must be a finite number, got "big" (in <Presenter> at ${HERE}:${lineOf('<Presenter />')}:11)`,
      `<Avatar> headOnly must be a boolean, got "yes" (in <Presenter> at ${HERE}:${lineOf('<Presenter />')}:11)`,
      '<Avatar> has no prop "shadow-color"; it takes model, clothes, language, tts, headOnly, voiceOnly, script, markup, layer, angle, opacity, tag, slot, id, raw, left, top, width, height, scaleX, scaleY, x, y, scale' +
        ` (in <Presenter> at ${HERE}:${lineOf('<Presenter />')}:11)`,
      '<Text> shadow.blur must be a finite number, got "3"',
      '<Text> fontSize must be a finite number, got null',
      '<Shape> animation must be an object {type, duration, delay}, got "fade-in"',
    ]);
  });

  it('accepts every prop of the types, numeric fontWeight, and undefined for any optional prop', async () => {
    const { payload } = await compile(
      <Video name="ok" orientation="portrait">
        <Scene background="#102030">
          <Avatar model={anna} x={0.1} {...loose({ scale: undefined })}>
            Hello
          </Avatar>
          <Text
            tag="subtitles"
            slot="sub"
            fontWeight={600}
            fontStyle="italic"
            align="center"
            shadow={{ blur: 3, enabled: true }}
            animation={{ type: 'fade-in', duration: 2 }}
          >
            Hi
          </Text>
        </Scene>
      </Video>,
    );
    expect(payload.scenes[0]!.clips.map((c) => c.type)).toEqual(['aiModel', 'textImage']);
  });

  it('needs animation.type', async () => {
    const issues = await issuesOf(
      <Video>
        <Scene>
          <Image src="a.png" left={0} top={0} width={10} height={10} animation={untyped({ duration: 2 })} />
        </Scene>
      </Video>,
    );
    expect(issues.map((i) => [i.code, i.message])).toEqual([['missing', '<Image> animation needs type']]);
  });
});
