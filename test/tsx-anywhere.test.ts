/**
 * A .tsx compiles through the real CLI wherever it is and whatever tsconfig surrounds it, a
 * missing import is located in the user's file, and props are checked at compile time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVsynth } from './run-vsynth.js';

/** A user's project outside the repository: "jsx": "react", a paths alias, CommonJS. */
let project: string;

const FILES: Record<string, string> = {
  'package.json': '{ "name": "my-videos", "private": true }\n',
  'tsconfig.json':
    '{\n  // written for React, not for vsynth\n  "compilerOptions": { "jsx": "react", "baseUrl": ".", "paths": { "@/*": ["src/*"] } },\n}\n',
  'src/avatars.ts': "export const presenter: string = 'jisoo';\n",
  'src/copy.json': '{ "headline": "Spring sale" }\n',
  'node_modules/@acme/lower-third/package.json':
    '{ "name": "@acme/lower-third", "version": "1.0.0", "main": "index.tsx" }\n',
  'node_modules/@acme/lower-third/index.tsx':
    'import { Text } from \'@vsynth/jsx-runtime\';\nexport function LowerThird(props: { text: string }) {\n  return <Text tag="subtitles" y={0.4}>{props.text}</Text>;\n}\n',
  '.videos/spring sale é.tsx': [
    "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
    "import { LowerThird } from '@acme/lower-third';",
    "import { presenter } from '@/avatars.js';",
    "import copy from '../src/copy.json';",
    '',
    'export default (',
    '  <Video name="spring">',
    '    <Scene>',
    '      <Avatar model={presenter} clothes="hanbok_red" language="en" x={0.2}>Hello</Avatar>',
    '      <Text tag="title" y={-0.3}>{copy.headline}</Text>',
    '      <LowerThird text="while stocks last" />',
    '    </Scene>',
    '  </Video>',
    ');',
    '',
  ].join('\n'),
  'missing.tsx':
    "import { Video } from '@vsynth/jsx-runtime';\nimport { presenter } from './avatarz.js';\nexport default <Video name={presenter} />;\n",
  'bogus.tsx': [
    "import { Scene, Text, Video } from '@vsynth/jsx-runtime';",
    '',
    'const props = { bogus: "x" } as {};',
    'export default (',
    '  <Video>',
    '    <Scene {...props}>',
    '      <Text {...({ tag: "titel" } as {})}>Hi</Text>',
    '    </Scene>',
    '  </Video>',
    ');',
    '',
  ].join('\n'),
};

beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'vsynth-anywhere-cli-'));
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(project, name)), { recursive: true });
    await writeFile(path.join(project, name), text);
  }
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe("vsynth compile of a .tsx in the user's own project", () => {
  it('compiles a video in a dot-folder with spaces and é, under a "jsx": "react" tsconfig, with a paths alias, JSON and a .tsx library in node_modules', async () => {
    const { code, stdout, stderr } = await runVsynth(
      ['compile', '.videos/spring sale é.tsx', '--target', 'legacy', '--lossy'],
      { cwd: project },
    );
    expect(code).toBe(0);
    // The only messages: what a legacy payload cannot carry, located in the dot-folder and in node_modules.
    expect(stderr.split('\n').filter((l) => l.startsWith('  → at'))).toEqual([
      '  → at .videos/spring sale é.tsx:7:3 <Video>',
      '  → at .videos/spring sale é.tsx:10:7 <Text> · scenes[0].clips[0]',
      '  → at node_modules/@acme/lower-third/index.tsx:3:10 <Text> · scenes[0].clips[1]',
    ]);
    const payload = JSON.parse(stdout) as {
      scenes: { AIModel: { modelId?: string; script: string }; clips: { detail: { textSource: string } }[] }[];
    };
    expect(payload.scenes[0]!.AIModel.script).toBe('Hello');
    expect(payload.scenes[0]!.clips.map((c) => c.detail.textSource)).toEqual(['Spring sale', 'while stocks last']);
  });

  it("locates a missing import at its line in the user's file and says what to do (exit 3)", async () => {
    const { code, stderr } = await runVsynth(['compile', 'missing.tsx'], { cwd: project });
    expect(code).toBe(3);
    expect(stderr).toBe(
      'vsynth: Invalid missing.tsx: 1 problem\n' +
        '✖ cannot find module "./avatarz.js" (no file avatarz.js): check the path; a .ts or .tsx file is imported by its name with .js (./avatars.js for avatars.ts)\n' +
        '  → at missing.tsx:2:28\n',
    );
  });

  it('refuses an unknown prop and a value outside its set, at file:line:col with the allowed values (exit 3)', async () => {
    const { code, stderr } = await runVsynth(['compile', 'bogus.tsx'], { cwd: project });
    expect(code).toBe(3);
    expect(stderr).toBe(
      'vsynth: Invalid bogus.tsx: 2 problems\n' +
        '✖ <Scene> has no prop "bogus"; it takes background, watermark, raw\n' +
        '  → at bogus.tsx:6:5 <Scene>\n' +
        '✖ <Text> tag "titel" is not one of title, subtitles (did you mean "title"?)\n' +
        '  → at bogus.tsx:7:7 <Text>\n',
    );
  });
});
