import { describe, expectTypeOf, it, expect } from 'vitest';
import type { AiModelObject, LegacyProjectRequest, ProjectCreateRequest } from '@vsynth/core';
import {
  Audio,
  Avatar,
  Background,
  Image,
  Scene,
  Shape,
  Text,
  Video,
  VideoClip,
  compile,
  defineAvatar,
  isElement,
} from '../index.js';
import type {
  AvatarDefinition,
  AvatarProps,
  CompileResult,
  ImageProps,
  JSX,
  ShapeProps,
  TextProps,
  VideoProps,
  VsynthElement,
} from '../index.js';

const model: AiModelObject = {
  ai_name: 'anna',
  emotion: 'suit',
  language: 'en',
  editorValue: { modelTightW: 600, modelTightH: 1000 },
};

describe('component types', () => {
  it('types each prop', () => {
    expectTypeOf<VideoProps['orientation']>().toEqualTypeOf<'landscape' | 'portrait' | undefined>();
    expectTypeOf<AvatarProps['model']>().toEqualTypeOf<string | AiModelObject | AvatarDefinition>();
    expectTypeOf<AvatarProps['tts']>().toEqualTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf<TextProps['fontSize']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ImageProps['src']>().toEqualTypeOf<string>();
    expectTypeOf<ShapeProps['shape']>().toExtend<'Circle' | 'Star' | 'Rectangle_corner0' | 'Line_v2' | string>();
    expectTypeOf(defineAvatar).returns.toEqualTypeOf<AvatarDefinition>();
    expectTypeOf(<Text>hi</Text>).toEqualTypeOf<JSX.Element>();
    expectTypeOf<JSX.Element>().toEqualTypeOf<VsynthElement>();
  });

  it('types the compile result by target', async () => {
    const tree = (
      <Video>
        <Scene>
          <Avatar model={model}>Hi</Avatar>
        </Scene>
      </Video>
    );
    const v3 = await compile(tree);
    expectTypeOf(v3).toEqualTypeOf<CompileResult<ProjectCreateRequest>>();
    const legacy = await compile(tree, { target: 'legacy' });
    expectTypeOf(legacy.payload).toEqualTypeOf<LegacyProjectRequest>();
    expect(legacy.payload.scenes).toHaveLength(1);
  });

  it('rejects unknown props, wrong children and intrinsic elements', () => {
    const rejected = [
      // @ts-expect-error unknown prop
      <Text colour="red">x</Text>,
      // @ts-expect-error unknown prop on Avatar
      <Avatar model="anna" speed={2} />,
      // @ts-expect-error Avatar needs model
      <Avatar>Hi</Avatar>,
      // @ts-expect-error Image needs src
      <Image />,
      // @ts-expect-error Image takes no children
      <Image src="a.png">caption</Image>,
      <Text>
        {/* @ts-expect-error Text children are text, not elements */}
        <Image src="a.png" />
      </Text>,
      // @ts-expect-error Audio has no position props
      <Audio src="a.mp3" left={10} />,
      // @ts-expect-error shape must be a known shape name
      <Shape shape="Blob" />,
      // @ts-expect-error orientation is landscape or portrait
      <Video orientation="square" />,
      // @ts-expect-error Scene children are elements; text belongs in <Text>
      <Scene>loose words</Scene>,
      // @ts-expect-error Video children are elements
      <Video>{42}</Video>,
      // @ts-expect-error Background takes no children
      <Background color="#fff">x</Background>,
      // @ts-expect-error volume is a number
      <VideoClip src="v.mp4" volume="loud" />,
      // @ts-expect-error there are no intrinsic elements
      <div />,
      // @ts-expect-error position families do not mix: x/y/scale or left/top/width/height/scaleX/scaleY
      <Text x={1} left={2}>
        mixed
      </Text>,
      // @ts-expect-error mixed families on an avatar too
      <Avatar model="anna" scale={1.2} width={600} />,
      // @ts-expect-error scale is a number
      <Avatar model="anna" scale="big" />,
      // @ts-expect-error tag is title or subtitles
      <Text tag="nope">x</Text>,
      // @ts-expect-error Scene has no prop bogus
      <Scene bogus="x" />,
      // @ts-expect-error animation type is one of the service's
      <Image src="a.png" animation={{ type: 'spin' }} />,
      // @ts-expect-error align is one of the text aligns
      <Text align="middle">x</Text>,
    ];
    expect(rejected.every(isElement)).toBe(true);
  });

  it('accepts either position family alone', () => {
    const accepted = [
      <Text x={0.1} y={-0.2} scale={1.5}>
        centre
      </Text>,
      <Text left={10} top={20} width={300} height={80} scaleX={2} scaleY={2}>
        box
      </Text>,
      <Avatar model="anna" left={10} top={0} />,
      <Image src="a.png" naturalWidth={800} naturalHeight={400} x={0} />,
    ];
    expect(accepted.every(isElement)).toBe(true);
    expectTypeOf<TextProps['tag']>().toEqualTypeOf<'title' | 'subtitles' | undefined>();
    expectTypeOf<TextProps['x']>().toEqualTypeOf<number | undefined>();
  });

  it('accepts user components, async components and arrays of children', () => {
    function Title(props: { text: string }) {
      return <Text tag="title">{props.text}</Text>;
    }
    async function Later() {
      return <Text>later</Text>;
    }
    const tree = (
      <Video>
        <Scene>
          {['a', 'b'].map((t) => (
            <Title key={t} text={t} />
          ))}
          <Later />
        </Scene>
      </Video>
    );
    // @ts-expect-error Title needs text
    const missing = <Title />;
    expect(isElement(tree) && isElement(missing)).toBe(true);
  });
});
