import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidationError, parseRequest, type Issue } from '@vsynth/core';
import { anna, minhoCasual } from '../fixtures/avatars.js';
import { Audio, Avatar, Background, Image, Scene, Shape, Text, Video, VideoClip } from '../index.js';
import type { VsynthNode } from '../element.js';
import { compile, type CompileOptions } from './compile.js';

type AnyJson = Record<string, any>;
const SOURCE_LINES = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
const lineOf = (needle: string): number => SOURCE_LINES.findIndex((l) => l.includes(needle)) + 1;
const scenes = (payload: unknown): AnyJson[] => (payload as AnyJson)['scenes'];

async function failure(tree: VsynthNode, options: CompileOptions): Promise<readonly Issue[]> {
  try {
    await compile(tree, options);
  } catch (error) {
    if (isValidationError(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the compile to fail');
}

describe('compile to legacy', () => {
  it('emits AIModel by keys with midpoint and scale, and image/background/text clips', async () => {
    const { payload, warnings, slots } = await compile(
      <Video>
        <Scene background="https://cdn.example.com/office.jpg">
          <Avatar model="minho" clothes="casual_white_shirt" language="ko" x={0.2} y={0.05} scale={1.1}>
            안녕하세요, 반갑습니다 & 환영합니다
          </Avatar>
          <Image src="https://cdn.example.com/logo.png" x={-0.35} y={-0.4} scale={0.4} />
          <Text x={0} y={0.4} scale={1.25} fontFamily="Noto Sans">
            봄 세일
          </Text>
        </Scene>
      </Video>,
      { target: 'legacy' },
    );
    expect(payload).toEqual({
      scenes: [
        {
          AIModel: {
            model: 'minho',
            clothes: 'casual_white_shirt',
            language: 'ko',
            script: '안녕하세요, 반갑습니다 & 환영합니다',
            locationX: 0.2,
            locationY: 0.05,
            scale: 1.1,
            layer: 1,
          },
          clips: [
            { type: 'background', detail: { url: 'https://cdn.example.com/office.jpg' } },
            {
              type: 'image',
              detail: {
                url: 'https://cdn.example.com/logo.png',
                locationX: -0.35,
                locationY: -0.4,
                scale: 0.4,
                layer: 2,
              },
            },
            {
              type: 'text',
              detail: { textSource: '봄 세일', font: 'Noto Sans', locationX: 0, locationY: 0.4, scale: 1.25, layer: 3 },
            },
          ],
        },
      ],
    });
    expect(warnings).toEqual([]);
    expect(slots).toEqual({});
    expect(parseRequest('legacy', payload).value).toBeDefined();
  });

  it('converts the v3 box family to midpoint and scale (inverse of the v3 conversion)', async () => {
    const { payload } = await compile(
      <Video>
        <Scene>
          <Avatar model={anna} left={660} top={40} />
          <Image
            src="https://cdn.example.com/a.png"
            left={480}
            top={180}
            width={800}
            height={600}
            scaleX={1.2}
            scaleY={1.2}
          />
          <Text left={0} top={0} fontSize={72}>
            Hello
          </Text>
        </Scene>
      </Video>,
      { target: 'legacy' },
    );
    const [scene] = scenes(payload);
    expect(scene!['AIModel']).toMatchObject({
      model: 'anna',
      clothes: 'business_suit_navy',
      language: 'en',
      locationX: 0,
      locationY: 0,
      scale: 1,
    });
    expect(scene!['clips'][0].detail).toMatchObject({ locationX: 0, locationY: 0, scale: 1 });
    // 72 px "Hello": 216 x 86.4 at (0,0) -> centre (108, 43.2)
    expect(scene!['clips'][1].detail).toMatchObject({
      textSource: 'Hello',
      locationX: -0.44375,
      locationY: -0.46,
      scale: 1.5,
    });
  });

  it('round-trips positions: legacy -> v3 -> legacy gives the same midpoint and scale', async () => {
    const legacyTree = (
      <Video>
        <Scene>
          <Avatar model={minhoCasual} x={-0.3} y={0.12} scale={0.7} />
          <Image
            src="https://cdn.example.com/a.png"
            naturalWidth={1200}
            naturalHeight={900}
            x={0.31}
            y={-0.22}
            scale={0.6}
          />
          <Text x={0.1} y={0.3} scale={2}>
            Round trip
          </Text>
        </Scene>
      </Video>
    );
    const v3 = scenes((await compile(legacyTree, { variant: 'B' })).payload)[0]!['clips'];
    const [a, i, t] = v3 as AnyJson[];
    const boxTree = (
      <Video>
        <Scene>
          <Avatar model={minhoCasual} left={a!.left} top={a!.top} scaleX={a!.scaleX} scaleY={a!.scaleY} />
          <Image
            src="https://cdn.example.com/a.png"
            left={i!.left}
            top={i!.top}
            width={i!.width}
            height={i!.height}
            scaleX={i!.scaleX}
            scaleY={i!.scaleY}
          />
          <Text left={t!.left} top={t!.top} width={t!.width} height={t!.height} fontSize={t!.fontSize}>
            Round trip
          </Text>
        </Scene>
      </Video>
    );
    const [scene] = scenes((await compile(boxTree, { target: 'legacy' })).payload);
    expect(scene!['AIModel']).toMatchObject({ locationX: -0.3, locationY: 0.12, scale: 0.7 });
    expect(scene!['clips'][0].detail).toMatchObject({ locationX: 0.31, locationY: -0.22, scale: 0.6 });
    expect(scene!['clips'][1].detail).toMatchObject({ locationX: 0.1, locationY: 0.3, scale: 2 });
    expect(t).toMatchObject({ fontSize: 96 });
  });

  it('lists every element legacy cannot express, with its location', async () => {
    const issues = await failure(
      <Video name="Styled" webhookUrl="https://hooks.example.com/x">
        <Scene background="#102030">
          <Avatar model={anna} tts={{ voice: 'x' }}>
            Hi
          </Avatar>
          <Shape shape="Circle" left={0} top={0} width={10} height={10} />
          <VideoClip src="https://cdn.example.com/v.mp4" />
          <Audio src="https://cdn.example.com/a.mp3" />
          <Text fill="#ff0000" fontWeight="bold">
            Red
          </Text>
        </Scene>
      </Video>,
      { target: 'legacy' },
    );
    expect(issues.map((i) => `${i.source?.element}@${i.source?.lineNumber}: ${i.message}`)).toEqual([
      `Video@${lineOf('<Video name="Styled"')}: <Video> name, webhookUrl cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
      `Scene@${lineOf('<Scene background="#102030">')}: <Scene> background colour rgb(16,32,48) cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
      `Avatar@${lineOf("<Avatar model={anna} tts={{ voice: 'x' }}>")}: <Avatar> tts cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
      `Shape@${lineOf('<Shape shape="Circle" left={0} top={0} width={10} height={10} />')}: <Shape> cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
      `VideoClip@${lineOf('<VideoClip src="https://cdn.example.com/v.mp4" />')}: <VideoClip> cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
      `Audio@${lineOf('<Audio src="https://cdn.example.com/a.mp3" />')}: <Audio> cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
      `Text@${lineOf('<Text fill="#ff0000" fontWeight="bold">')}: <Text> fill, fontWeight cannot be expressed in a legacy payload; remove it, compile to v3, or pass lossy to drop it`,
    ]);
    expect(issues.every((i) => i.severity === 'error')).toBe(true);
  });

  it('with lossy, drops each with a warning and still validates', async () => {
    const { payload, warnings } = await compile(
      <Video name="Styled">
        <Scene>
          <Avatar model={anna}>Hi</Avatar>
          <Shape shape="Circle" left={0} top={0} width={10} height={10} />
          <Text fill="#ff0000">Red</Text>
        </Scene>
      </Video>,
      { target: 'legacy', lossy: true },
    );
    expect(warnings.map((w) => w.message)).toEqual([
      '<Video> name cannot be expressed in a legacy payload; dropped (lossy compile)',
      '<Shape> cannot be expressed in a legacy payload; dropped (lossy compile)',
      '<Text> fill cannot be expressed in a legacy payload; dropped (lossy compile)',
    ]);
    expect(scenes(payload)[0]!['clips']).toEqual([
      { type: 'text', detail: { textSource: 'Red', locationX: 0, locationY: 0, scale: 1, layer: 3 } },
    ]);
  });

  it('needs clothes and language for a key-only avatar and one avatar per scene', async () => {
    const issues = await failure(
      <Video>
        <Scene>
          <Avatar model="jisoo">Hi</Avatar>
        </Scene>
        <Scene>
          <Avatar model="jisoo" clothes="hanbok_red">
            Hi
          </Avatar>
        </Scene>
        <Scene>
          <Avatar model={anna}>One</Avatar>
          <Avatar model={anna}>Two</Avatar>
        </Scene>
        <Scene>
          <Background src="https://cdn.example.com/bg.png" />
        </Scene>
      </Video>,
      { target: 'legacy' },
    );
    expect(issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'scenes.0.AIModel: <Avatar model="jisoo"> needs "clothes" (the outfit key)',
      'scenes.1.AIModel: <Avatar model="jisoo"> needs "language" for a legacy payload (the language of its script)',
      'scenes.2.AIModel: scene 2 has more than one <Avatar>; a legacy scene has exactly one AIModel',
      'scenes.3.AIModel: scene 3 has no <Avatar>; every legacy scene needs exactly one',
    ]);
  });
});

describe('options', () => {
  it('rejects a variant for legacy and lossy for v3 as usage errors', async () => {
    const tree = (
      <Video>
        <Scene>
          <Avatar model={anna}>Hi</Avatar>
        </Scene>
      </Video>
    );
    await expect(compile(tree, { target: 'legacy', variant: 'A' })).rejects.toThrow(
      'Variant A applies to v3 only; leave it out for a legacy compile',
    );
    await expect(compile(tree, { lossy: true })).rejects.toMatchObject({
      name: 'UsageError',
      message: 'lossy applies to legacy compiles only; leave it out for v3',
    });
  });
});
