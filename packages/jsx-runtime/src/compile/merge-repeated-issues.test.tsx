import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue, isValidationError, type Issue } from '@vsynth/core';
import { Avatar, Scene, Shape, Text, Video } from '../index.js';
import { compile } from './compile.js';

const HERE = 'packages/jsx-runtime/src/compile/merge-repeated-issues.test.tsx';
const SOURCE_LINES = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
const at = (needle: string): string => {
  const index = SOURCE_LINES.findIndex((l) => l.includes(needle));
  return `${HERE}:${index + 1}:${(SOURCE_LINES[index] ?? '').indexOf('<') + 1}`;
};

/** A layout component every scene uses: its shape and text styling are one source element each. */
function Branded(props: { line: string }) {
  return (
    <Scene>
      <Avatar model="minho" clothes="suit_charcoal" language="en" x={0.2}>
        {props.line}
      </Avatar>
      <Shape shape="Circle" fill="#ffc400" left={0} top={0} width={10} height={10} />
      <Text fontWeight="bold">Brand</Text>
    </Scene>
  );
}

const video = (
  <Video>
    <Branded line="One" />
    <Branded line="Two" />
    <Branded line="Three" />
  </Video>
);

describe('one issue per source element, naming the scenes it affects', () => {
  it('a lossy legacy compile warns once per element of a shared component', async () => {
    const { warnings } = await compile(video, { target: 'legacy', lossy: true });
    expect(warnings.map(formatIssue)).toEqual([
      '⚠ <Shape> cannot be expressed in a legacy payload; dropped (lossy compile) (scenes 0, 1, 2)\n' +
        `  → at ${at('<Shape shape="Circle"')} <Shape> · scenes[0].clips`,
      '⚠ <Text> fontWeight cannot be expressed in a legacy payload; dropped (lossy compile) (scenes 0, 1, 2)\n' +
        `  → at ${at('<Text fontWeight="bold">')} <Text> · scenes[0].clips[0]`,
    ]);
  });

  it('a strict legacy compile reports each element once too', async () => {
    const issues: readonly Issue[] = await compile(video, { target: 'legacy' }).then(
      () => [],
      (error: unknown) => (isValidationError(error) ? error.issues : []),
    );
    const fix = '; remove it, compile to v3, or pass lossy to drop it (scenes 0, 1, 2)';
    expect(issues.map((i) => `${i.source?.lineNumber} ${i.message}`)).toEqual([
      `${at('<Shape shape="Circle"').split(':')[1]} <Shape> cannot be expressed in a legacy payload${fix}`,
      `${at('<Text fontWeight="bold">').split(':')[1]} <Text> fontWeight cannot be expressed in a legacy payload${fix}`,
    ]);
  });
});
