import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Text, Video } from '../index.js';
import { compileFile } from './compile-file.js';
import { importTsx } from './import-tsx.js';

/** A temp tree outside any project; each case writes its own files into it. */
let root: string;

async function put(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
}

const VIDEO = (title: string): string =>
  `import { Scene, Text, Video } from '@vsynth/jsx-runtime';\nexport default <Video name="v"><Scene><Text tag="title">{${title}}</Text></Scene></Video>;\n`;

/** The texts of the compiled video's text clips (variant B: no avatar needed). */
async function texts(file: string): Promise<string[]> {
  const { payload } = await compileFile(path.join(root, file), { variant: 'B', cwd: root });
  return payload.scenes.flatMap((s) =>
    s.clips.filter((c) => c.type === 'textImage').map((c) => (c as { text: string }).text),
  );
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vsynth-anywhere-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a .tsx compiles wherever it is, whatever tsconfig surrounds it', () => {
  it('in a dot-folder, a path with spaces and non-ASCII characters, and nested dot-folders', async () => {
    await put({
      '.videos/v.tsx': VIDEO("'dot'"),
      'my vidéos ü/v.tsx': VIDEO("'spaces'"),
      'a/.b/c/.d/v.tsx': VIDEO("'nested'"),
    });
    expect(await texts('.videos/v.tsx')).toEqual(['dot']);
    expect(await texts('my vidéos ü/v.tsx')).toEqual(['spaces']);
    expect(await texts('a/.b/c/.d/v.tsx')).toEqual(['nested']);
  });

  for (const jsx of ['react', 'preserve']) {
    it(`under a tsconfig with "jsx": "${jsx}" (overridden for JSX only)`, async () => {
      await put({
        [`${jsx}/tsconfig.json`]: `{\n  // the user's own settings, with comments\n  "compilerOptions": { "jsx": "${jsx}", "jsxFactory": "h", "strict": true, },\n}\n`,
        [`${jsx}/v.tsx`]: VIDEO(`'${jsx}'`),
      });
      expect(await texts(`${jsx}/v.tsx`)).toEqual([jsx]);
    });
  }

  for (const type of ['commonjs', 'module']) {
    it(`resolves the user's paths aliases, ./x.js for x.ts, .tsx components and JSON (${type})`, async () => {
      const dir = `paths-${type}`;
      await put({
        [`${dir}/package.json`]: JSON.stringify({ type }),
        [`${dir}/tsconfig.json`]: JSON.stringify({
          compilerOptions: { jsx: 'preserve', baseUrl: '.', paths: { '@/*': ['src/*'] } },
        }),
        [`${dir}/src/avatars.ts`]: "export const who: string = 'anna';\n",
        [`${dir}/src/copy.json`]: '{ "title": "from json" }\n',
        [`${dir}/src/title.tsx`]:
          "import { Text } from '@vsynth/jsx-runtime';\nexport function Title(props: { text: string }) {\n  return <Text>{props.text}</Text>;\n}\n",
        [`${dir}/.vsynth/v.tsx`]: [
          "import { Scene, Text, Video } from '@vsynth/jsx-runtime';",
          "import { who } from '@/avatars.js';",
          "import { who as again } from '../src/avatars.js';",
          "import copy from '../src/copy.json';",
          "import { Title } from '@/title.js';",
          'export default <Video><Scene><Text>{who + again}</Text><Title text={copy.title} /></Scene></Video>;',
          '',
        ].join('\n'),
      });
      expect(await texts(`${dir}/.vsynth/v.tsx`)).toEqual(['annaanna', 'from json']);
    });
  }

  it('resolves paths without baseUrl (relative to the tsconfig), from a subfolder', async () => {
    await put({
      'nobase/tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["./lib/*"] } } }\n',
      'nobase/lib/who.ts': "export const who = 'no baseUrl';\n",
      'nobase/videos/v.tsx': `import { who } from '~/who.js';\n${VIDEO('who')}`,
    });
    expect(await texts('nobase/videos/v.tsx')).toEqual(['no baseUrl']);
  });

  it('says which tsconfig extends something that cannot be found', async () => {
    await put({ 'badext/tsconfig.json': '{ "extends": "@acme/tsconfig/base.json" }\n', 'badext/v.tsx': VIDEO("'x'") });
    await expect(compileFile(path.join(root, 'badext/v.tsx'), { cwd: root })).rejects.toMatchObject({
      name: 'UsageError',
      message:
        'Cannot load badext/v.tsx: badext/tsconfig.json (the tsconfig nearest to it, read for paths and module settings) extends "@acme/tsconfig/base.json", which cannot be found. Install the package it names or fix "extends" in badext/tsconfig.json.',
    });
  });

  it('uses a component library in node_modules, shipped as .tsx or as built JS', async () => {
    await put({
      'lib-user/tsconfig.json': '{ "compilerOptions": { "jsx": "react" } }\n',
      'lib-user/node_modules/@acme/titles-tsx/package.json': JSON.stringify({
        name: '@acme/titles-tsx',
        version: '1.0.0',
        main: 'index.tsx',
      }),
      'lib-user/node_modules/@acme/titles-tsx/index.tsx':
        'import { Text } from \'@vsynth/jsx-runtime\';\nexport function Lower(props: { text: string }) {\n  return <Text tag="subtitles">{props.text}</Text>;\n}\n',
      'lib-user/node_modules/titles-js/package.json': JSON.stringify({
        name: 'titles-js',
        version: '1.0.0',
        type: 'module',
        main: 'index.js',
        peerDependencies: { '@vsynth/jsx-runtime': '*' },
      }),
      'lib-user/node_modules/titles-js/index.js':
        "import { jsx } from '@vsynth/jsx-runtime/jsx-runtime';\nimport { Text } from '@vsynth/jsx-runtime';\nexport const Built = (props) => jsx(Text, { children: props.text });\n",
      'lib-user/v.tsx': [
        "import { Scene, Video } from '@vsynth/jsx-runtime';",
        "import { Lower } from '@acme/titles-tsx';",
        "import { Built } from 'titles-js';",
        'export default <Video><Scene><Lower text="tsx lib" /><Built text="js lib" /></Scene></Video>;',
        '',
      ].join('\n'),
    });
    expect(await texts('lib-user/v.tsx')).toEqual(['tsx lib', 'js lib']);
  });

  it('compiles a .tsx that is itself inside node_modules, keeping its source location', async () => {
    await put({
      'deps/node_modules/pkg/v.tsx': "import { Video } from '@vsynth/jsx-runtime';\nexport default <Video />;\n",
    });
    await expect(compileFile(path.join(root, 'deps/node_modules/pkg/v.tsx'), { cwd: root })).rejects.toMatchObject({
      issues: [
        {
          message: '<Video> needs at least one <Scene>',
          source: { fileName: 'deps/node_modules/pkg/v.tsx', lineNumber: 2, columnNumber: 16 },
        },
      ],
    });
  });

  for (const type of ['commonjs', 'module']) {
    it(`sees an edited imported module on the next compile (no stale module cache, ${type})`, async () => {
      await put({
        [`edit-${type}/package.json`]: JSON.stringify({ type }),
        [`edit-${type}/copy.ts`]: "export const title = 'first';\n",
        [`edit-${type}/v.tsx`]: `import { title } from './copy.js';\n${VIDEO('title')}`,
      });
      expect(await texts(`edit-${type}/v.tsx`)).toEqual(['first']);
      await put({ [`edit-${type}/copy.ts`]: "export const title = 'second';\n" });
      expect(await texts(`edit-${type}/v.tsx`)).toEqual(['second']);
    });
  }
});

describe('the runtime a loaded file gets', () => {
  for (const type of ['commonjs', 'module']) {
    it(`is this process's @vsynth/jsx-runtime, not a copy loaded again per call (${type})`, async () => {
      await put({
        [`shared-${type}/package.json`]: JSON.stringify({ type }),
        [`shared-${type}/v.tsx`]:
          "import { Text, Video } from '@vsynth/jsx-runtime';\nexport const text = <Text>x</Text>;\nexport default <Video />;\n",
      });
      for (let i = 0; i < 2; i++) {
        // The same namespace whatever the package's type: the file is bundled as an ES module.
        const exports = (await importTsx(path.join(root, `shared-${type}/v.tsx`))) as {
          default: { type: unknown };
          text: { type: unknown };
        };
        expect(exports.default.type).toBe(Video);
        expect(exports.text.type).toBe(Text);
      }
    });
  }
});

describe('a module that cannot be found is located at the import in the user file', () => {
  for (const type of ['commonjs', 'module']) {
    it(`a relative import, a package, and one imported by an imported file (${type})`, async () => {
      const dir = `missing-${type}`;
      await put({
        [`${dir}/package.json`]: JSON.stringify({ type }),
        [`${dir}/video.tsx`]:
          "import { Video } from '@vsynth/jsx-runtime';\nimport { who } from './avatarz.js';\nexport default <Video name={who} />;\n",
        [`${dir}/pkg.tsx`]:
          "import { Video } from '@vsynth/jsx-runtime';\n\nimport { who } from '@acme/no-such-pkg/avatars';\nexport default <Video name={who} />;\n",
        [`${dir}/nested.tsx`]: "import { x } from './sub/a.js';\nexport default x;\n",
        [`${dir}/alias.tsx`]: "import { who } from '@/avatarz.js';\nexport default who;\n",
        [`${dir}/sub/a.ts`]: "// re-exports\nexport { y as x } from '../nope/b.js';\n",
      });
      const at = (file: string) => compileFile(path.join(root, dir, file), { cwd: root });
      await expect(at('video.tsx')).rejects.toMatchObject({
        name: 'ValidationError',
        message: `Invalid ${dir}/video.tsx: 1 problem\n✖ cannot find module "./avatarz.js" (no file ${dir}/avatarz.js): check the path; a .ts or .tsx file is imported by its name with .js (./avatars.js for avatars.ts)\n  → at ${dir}/video.tsx:2:22`,
      });
      await expect(at('pkg.tsx')).rejects.toMatchObject({
        issues: [
          {
            message: `cannot find package "@acme/no-such-pkg/avatars": install it (npm install @acme/no-such-pkg), or, if it is a tsconfig "paths" alias, check "paths" in the tsconfig.json nearest to ${dir}/pkg.tsx`,
            source: { fileName: `${dir}/pkg.tsx`, lineNumber: 3, columnNumber: 22 },
          },
        ],
      });
      await expect(at('alias.tsx')).rejects.toMatchObject({
        issues: [
          {
            message: `cannot find "@/avatarz.js": no package can have that name; if it is a tsconfig "paths" alias, check "paths" in the tsconfig.json nearest to ${dir}/alias.tsx`,
            source: { fileName: `${dir}/alias.tsx`, lineNumber: 1, columnNumber: 22 },
          },
        ],
      });
      await expect(at('nested.tsx')).rejects.toMatchObject({
        issues: [{ source: { fileName: `${dir}/sub/a.ts`, lineNumber: 2, columnNumber: 25 } }],
      });
    });
  }
});
