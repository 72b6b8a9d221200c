import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '@vsynth/core';
import { anna, minhoCasual } from '../fixtures/avatars.js';
import { Avatar, Scene, Text, Video } from '../index.js';
import { compile } from './compile.js';

const HERE = 'packages/jsx-runtime/src/compile/check-speech.test.tsx';
const SOURCE_LINES = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
/** `file:line:col` of the first line containing `needle` (or `offset` lines from it), at its `<`. */
const at = (needle: string, offset = 0): string => {
  const index = SOURCE_LINES.findIndex((l) => l.includes(needle)) + offset;
  return `${HERE}:${index + 1}:${(SOURCE_LINES[index] ?? '').indexOf('<') + 1}`;
};

describe('speech checks warn at the <Avatar>', () => {
  it('warns when the script is written in another system than the avatar language', async () => {
    const { warnings } = await compile(
      <Video>
        <Scene>
          <Avatar model={minhoCasual} x={0}>
            Welcome to our product tour
          </Avatar>
        </Scene>
        <Scene>
          <Avatar model={anna} x={0}>
            안녕하세요 여러분
          </Avatar>
        </Scene>
        <Scene>
          <Avatar model={anna} language="ja" x={0}>
            Hello from Tokyo
          </Avatar>
        </Scene>
      </Video>,
      { variant: 'B' },
    );
    expect(warnings.map(formatIssue)).toEqual([
      '⚠ <Avatar model="minho"> speaks "ko" but its script is written in Latin (expected Hangul or Han); ' +
        'translate the script or choose an avatar (or language) that matches it\n' +
        `  → at ${at('<Avatar model={minhoCasual} x={0}>')} <Avatar> · scenes[0].clips[0]`,
      '⚠ <Avatar model="anna"> speaks "en" but its script is written in Hangul (expected Latin); ' +
        'translate the script or choose an avatar (or language) that matches it\n' +
        `  → at ${at('<Avatar model={anna} x={0}>')} <Avatar> · scenes[1].clips[0]`,
      '⚠ <Avatar model="anna"> speaks "ja" but its script is written in Latin (expected kana or Han); ' +
        'translate the script or choose an avatar (or language) that matches it\n' +
        `  → at ${at('<Avatar model={anna} language="ja"')} <Avatar> · scenes[2].clips[0]`,
    ]);
  });

  it('warns about an avatar that says nothing, and not about a matching script', async () => {
    const { warnings } = await compile(
      <Video>
        <Scene>
          <Avatar model={anna} x={0} />
          <Text>Title only</Text>
        </Scene>
        <Scene>
          <Avatar model={minhoCasual} x={0}>
            안녕하세요, vsynth 데모에 오신 것을 환영합니다
          </Avatar>
        </Scene>
      </Video>,
      { variant: 'B' },
    );
    expect(warnings.map(formatIssue)).toEqual([
      '⚠ <Avatar model="anna"> in scene 0 says nothing; give it speech (its children or script) or leave it out: ' +
        'a silent avatar still renders and is charged as one\n' +
        `  → at ${at('<Avatar model={anna} x={0} />')} <Avatar> · scenes[0].clips[0]`,
    ]);
  });

  it('warns when a scene speech is estimated longer than the limit (120 s by default, or speechLimitSeconds)', async () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    const video = (
      <Video>
        <Scene>
          <Avatar model={anna} x={0}>
            {words(310)}
          </Avatar>
        </Scene>
        <Scene>
          <Avatar model={anna} x={0}>
            {words(30)}
          </Avatar>
        </Scene>
      </Video>
    );
    const byDefault = await compile(video, { variant: 'A' });
    expect(byDefault.warnings.map(formatIssue)).toEqual([
      '⚠ <Avatar model="anna"> in scene 0 speaks for about 124 s by estimate, more than the 120 s a scene should ' +
        'hold; split the speech across scenes\n' +
        `  → at ${at('{words(310)}', -1)} <Avatar> · scenes[0].clips[0]`,
    ]);
    const strict = await compile(video, { variant: 'A', speechLimitSeconds: 10 });
    expect(strict.warnings.map((w) => w.message)).toEqual([
      '<Avatar model="anna"> in scene 0 speaks for about 124 s by estimate, more than the 10 s a scene should hold; ' +
        'split the speech across scenes',
      '<Avatar model="anna"> in scene 1 speaks for about 12 s by estimate, more than the 10 s a scene should hold; ' +
        'split the speech across scenes',
    ]);
  });

  it('checks legacy avatars too', async () => {
    const { warnings } = await compile(
      <Video>
        <Scene>
          <Avatar model="jisoo" clothes="hanbok_red" language="ko" x={0}>
            Hello there
          </Avatar>
        </Scene>
      </Video>,
      { target: 'legacy' },
    );
    expect(warnings.map(formatIssue)).toEqual([
      '⚠ <Avatar model="jisoo"> speaks "ko" but its script is written in Latin (expected Hangul or Han); ' +
        'translate the script or choose an avatar (or language) that matches it\n' +
        `  → at ${at('<Avatar model="jisoo" clothes="hanbok_red"')} <Avatar> · scenes[0].AIModel`,
    ]);
  });
});
