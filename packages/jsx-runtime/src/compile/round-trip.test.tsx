import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minhoCasual } from '../fixtures/avatars.js';
import { Avatar, Image, Scene, Text, Video } from '../index.js';
import { compile } from './compile.js';

type AnyJson = Record<string, any>;

const centre = fc.double({ min: -0.5, max: 0.5, noNaN: true });
const scale = fc.double({ min: 0.1, max: 3, noNaN: true });
const side = fc.integer({ min: 16, max: 4000 });

describe('legacy centre family -> v3 box -> legacy', () => {
  it('returns to the same midpoint and scale for avatars, images and text, in both orientations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          orientation: fc.constantFrom('landscape' as const, 'portrait' as const),
          avatar: fc.record({ x: centre, y: centre, scale }),
          image: fc.record({ x: centre, y: centre, scale, nw: side, nh: side }),
          text: fc.record({
            x: centre,
            y: centre,
            size: fc.integer({ min: 8, max: 200 }),
            words: fc.string({ minLength: 1, maxLength: 30 }),
          }),
        }),
        async ({ orientation, avatar, image, text }) => {
          const forward = await compile(
            <Video orientation={orientation}>
              <Scene>
                <Avatar model={minhoCasual} x={avatar.x} y={avatar.y} scale={avatar.scale} />
                <Image
                  src="https://cdn.example.com/a.png"
                  naturalWidth={image.nw}
                  naturalHeight={image.nh}
                  x={image.x}
                  y={image.y}
                  scale={image.scale}
                />
                <Text x={text.x} y={text.y} fontSize={text.size}>
                  {text.words}
                </Text>
              </Scene>
            </Video>,
            { variant: 'B' },
          );
          const [a, i, t] = (forward.payload as AnyJson)['scenes'][0]['clips'] as AnyJson[];
          const back = await compile(
            <Video orientation={orientation}>
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
                  {text.words}
                </Text>
              </Scene>
            </Video>,
            { target: 'legacy' },
          );
          const scene = (back.payload as AnyJson)['scenes'][0];
          const near = (value: number, expected: number) => expect(Math.abs(value - expected)).toBeLessThan(1e-6);
          near(scene.AIModel.locationX, avatar.x);
          near(scene.AIModel.locationY, avatar.y);
          near(scene.AIModel.scale, avatar.scale);
          near(scene.clips[0].detail.locationX, image.x);
          near(scene.clips[0].detail.locationY, image.y);
          near(scene.clips[0].detail.scale, image.scale);
          near(scene.clips[1].detail.locationX, text.x);
          near(scene.clips[1].detail.locationY, text.y);
          near(scene.clips[1].detail.scale, text.size / 48);
        },
      ),
      { numRuns: 150, seed: 20261121 },
    );
  });
});
