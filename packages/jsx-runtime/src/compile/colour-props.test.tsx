import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOUR_FORMS, formatIssue, isValidationError, type Issue } from '@vsynth/core';
import { anna } from '../fixtures/avatars.js';
import { Avatar, Background, Scene, Shape, Text, Video } from '../index.js';
import type { VsynthNode } from '../element.js';
import { compile } from './compile.js';

const HERE = 'packages/jsx-runtime/src/compile/colour-props.test.tsx';
const SOURCE_LINES = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
/** `file:line:col` of the first line containing `needle`, at the `<` that opens its element. */
const at = (needle: string): string => {
  const index = SOURCE_LINES.findIndex((l) => l.includes(needle));
  const line = SOURCE_LINES[index] ?? '';
  return `${HERE}:${index + 1}:${line.indexOf('<') + 1}`;
};
/** A prop value past the types, as JavaScript or an untyped compile passes it. */
const untyped = (value: unknown): never => value as never;

async function issuesOf(tree: VsynthNode): Promise<readonly Issue[]> {
  try {
    await compile(tree, { variant: 'B', avatars: [anna] });
  } catch (error) {
    if (isValidationError(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the compile to fail');
}

describe('every colour prop takes core colour grammar, refused at its element', () => {
  it('names each bad colour, the prop, the accepted forms and file:line:col', async () => {
    const issues = await issuesOf(
      <Video>
        <Scene>
          <Background color="#12345" />
          <Text fill="banana" stroke="red" backgroundColor="rgba(0,0,0,0.5)" shadow={{ color: '#0000' }}>
            Hi
          </Text>
          <Shape shape="Circle" fill="rgb(34,197,294)" stroke={untyped(12)} shadow={{ color: 'black' }} />
        </Scene>
      </Video>,
    );
    const text = at('<Text fill="banana"');
    const shape = at('<Shape shape="Circle" fill="rgb(34,197,294)"');
    const background = at('<Background color="#12345"');
    expect(issues.map(formatIssue)).toEqual([
      `✖ <Background> color "#12345" is not a colour: use ${COLOUR_FORMS}\n  → at ${background} <Background>`,
      `✖ <Text> fill "banana" is not a colour: use ${COLOUR_FORMS}\n  → at ${text} <Text>`,
      `✖ <Text> stroke "red" is not a colour: use ${COLOUR_FORMS}\n  → at ${text} <Text>`,
      `✖ <Text> backgroundColor "rgba(0,0,0,0.5)" is not a colour: use ${COLOUR_FORMS}\n  → at ${text} <Text>`,
      `✖ <Text> shadow.color "#0000" is not a colour: use ${COLOUR_FORMS}\n  → at ${text} <Text>`,
      `✖ <Shape> fill "rgb(34,197,294)" is not a colour: use ${COLOUR_FORMS}\n  → at ${shape} <Shape>`,
      `✖ <Shape> stroke 12 is not a colour: use ${COLOUR_FORMS}\n  → at ${shape} <Shape>`,
      `✖ <Shape> shadow.color "black" is not a colour: use ${COLOUR_FORMS}\n  → at ${shape} <Shape>`,
    ]);
  });

  it('refuses a bad colour in a scene background and a translucent one', async () => {
    const issues = await issuesOf(
      <Video>
        <Scene background="banana">
          <Text>Hi</Text>
        </Scene>
        <Scene background="#10182080">
          <Text>Hi</Text>
        </Scene>
      </Video>,
    );
    expect(issues.map(formatIssue)).toEqual([
      `✖ <Scene> background "banana" is neither a colour (${COLOUR_FORMS}) nor an image URL\n` +
        `  → at ${at('<Scene background="banana"')} <Scene> · scenes[0].background`,
      '✖ <Scene> background "#10182080" is translucent; a background is opaque: use rgb(r,g,b), #rgb or #rrggbb\n' +
        `  → at ${at('<Scene background="#10182080"')} <Scene> · scenes[1].background`,
    ]);
  });

  it('refuses a bad colour given through raw at the element, with its payload path', async () => {
    const issues = await issuesOf(
      <Video>
        <Scene>
          <Avatar model={anna} raw={{ fill: 'none' }}>
            Hello
          </Avatar>
        </Scene>
      </Video>,
    );
    expect(issues.map(formatIssue)).toEqual([
      `✖ fill must be a colour: ${COLOUR_FORMS}, received "none"\n` +
        `  → at ${at('<Avatar model={anna} raw=')} <Avatar> · scenes[0].clips[0].fill`,
    ]);
  });

  it('compiles every accepted form unchanged', async () => {
    const { payload } = await compile(
      <Video>
        <Scene background="rgb(1, 2, 3)">
          <Text fill="#abc" stroke="rgb(0, 0, 0)" backgroundColor="#ffffff80" shadow={{ color: '#00000060' }}>
            Hi
          </Text>
          <Shape shape="Circle" fill="#A0B0C0" />
        </Scene>
      </Video>,
      { variant: 'B' },
    );
    const scene = payload.scenes[0];
    expect(scene?.background).toMatchObject({ source_color: 'rgb(1,2,3)' });
    expect(scene?.clips[0]).toMatchObject({
      fill: '#abc',
      stroke: 'rgb(0, 0, 0)',
      backgroundColor: '#ffffff80',
      shadow: { color: '#00000060' },
    });
    expect(scene?.clips[1]).toMatchObject({ fill: '#A0B0C0' });
  });
});
