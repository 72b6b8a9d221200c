import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '@vsynth/core';
import { anna } from '../fixtures/avatars.js';
import { Avatar, Image, Scene, Shape, Text, Video } from '../index.js';
import { compile } from './compile.js';

const HERE = 'packages/jsx-runtime/src/compile/check-layout.test.tsx';
const SOURCE_LINES = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
const at = (needle: string): string => {
  const index = SOURCE_LINES.findIndex((l) => l.includes(needle));
  return `${HERE}:${index + 1}:${(SOURCE_LINES[index] ?? '').indexOf('<') + 1}`;
};

describe('layout checks warn at the element, with the measured numbers', () => {
  it('names a clip off the canvas, one running off it, tiny text and two clips stacked exactly', async () => {
    const { warnings } = await compile(
      <Video>
        <Scene>
          <Avatar model={anna} x={0.3}>
            Hello there
          </Avatar>
          <Shape shape="Circle" fill="#ff0000" left={2200} top={100} width={100} height={100} />
          <Image src="https://cdn.example.com/a.png" left={1800} top={900} width={300} height={300} />
          <Text fontSize={12} left={100} top={100} width={400} height={40}>
            fine print
          </Text>
          <Shape shape="Square" fill="#000000" left={10} top={10} width={50} height={50} />
          <Shape shape="Star" fill="#ffffff" left={10} top={10} width={50} height={50} />
        </Scene>
      </Video>,
      { variant: 'B' },
    );
    const layout = warnings.filter((w) => w.code === 'layout');
    expect(layout.map(formatIssue)).toEqual([
      '⚠ shape clip 100×100 at (2200, 100) is wholly off the 1920×1080 canvas; it will not be seen\n' +
        `  → at ${at('left={2200}')} <Shape> · scenes[0].clips[1]`,
      '⚠ image clip 300×300 at (1800, 900) runs off the 1920×1080 canvas; the part outside is cut\n' +
        `  → at ${at('left={1800}')} <Image> · scenes[0].clips[2]`,
      '⚠ text of 12 px (fontSize 12 × scaleY 1, at 1080p) is smaller than 24 px, hard to read in a video; make it ' +
        `larger\n  → at ${at('<Text fontSize={12}')} <Text> · scenes[0].clips[3]`,
      '⚠ shape clip 50×50 at (10, 10) lies exactly on clips[4] of the same scene; one of them hides the other\n' +
        `  → at ${at('<Shape shape="Star"')} <Shape> · scenes[0].clips[5]`,
    ]);
  });

  it('names text and an image under a clip of a higher layer, with how much of each is covered', async () => {
    const { warnings } = await compile(
      <Video>
        <Scene>
          <Text layer={1} left={760} top={400} width={400} height={100}>
            Welcome aboard
          </Text>
          <Avatar model={anna} layer={2}>
            Hello there
          </Avatar>
          <Image src="https://cdn.example.com/logo.png" layer={3} left={40} top={40} width={200} height={100} />
          <Shape shape="Square" fill="#000000" layer={4} left={0} top={0} width={150} height={140} />
          <Text layer={5} left={1500} top={900} width={300} height={100}>
            Above it all
          </Text>
        </Scene>
      </Video>,
      { variant: 'B' },
    );
    expect(warnings.filter((w) => w.code === 'layout').map(formatIssue)).toEqual([
      '⚠ text 400×100 at (760, 400) on layer 1 is 100% under clips[1], an aiModel clip 600×1000 at (660, 40) on ' +
        'layer 2; move one of them or put the text on a higher layer\n' +
        `  → at ${at('<Text layer={1}')} <Text> · scenes[0].clips[0]`,
      '⚠ image 200×100 at (40, 40) on layer 3 is 55% under clips[3], a shape clip 150×140 at (0, 0) on layer 4; ' +
        'move one of them or put the image on a higher layer\n' +
        `  → at ${at('<Image src="https://cdn.example.com/logo.png" layer={3}')} <Image> · scenes[0].clips[2]`,
    ]);
  });
});

describe('checks: false', () => {
  const video = (fill: string) => (
    <Video>
      <Scene>
        <Avatar model={anna} language="ja">
          Hello there
        </Avatar>
        <Shape shape="Circle" fill={fill} left={2200} top={100} width={100} height={100} />
        <Text fontSize={12} left={100} top={100} width={400} height={40}>
          fine print
        </Text>
      </Scene>
    </Video>
  );

  it('skips the layout and speech warnings and builds the same payload', async () => {
    const checked = await compile(video('#ff0000'), { variant: 'B' });
    expect(checked.warnings.map((w) => w.message.split(' ')[0]).sort()).toEqual(['<Avatar', 'shape', 'text']);
    const unchecked = await compile(video('#ff0000'), { variant: 'B', checks: false });
    expect(unchecked.warnings).toEqual([]);
    expect(unchecked.payload).toEqual(checked.payload);
  });

  it('still validates: a bad colour is an error', async () => {
    await expect(compile(video('banana'), { variant: 'B', checks: false })).rejects.toThrow(/banana/);
  });
});
