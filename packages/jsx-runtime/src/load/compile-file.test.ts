import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAvatar } from '../avatar/define-avatar.js';
import { compileFile } from './compile-file.js';
import { importTsx } from './import-tsx.js';

let dir: string;

beforeAll(async () => {
  // No package.json, no tsconfig: the file loads as CommonJS with nothing configuring JSX.
  dir = await mkdtemp(path.join(os.tmpdir(), 'vsynth-load-'));
  await writeFile(
    path.join(dir, 'row.tsx'),
    [
      "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
      '',
      'export default function Row(props: { firstName: string; city: string }) {',
      '  return (',
      '    <Video name={`Hello ${props.firstName}`}>',
      '      <Scene>',
      '        <Avatar model="jisoo" clothes="hanbok_red" language="ko">Hi {props.firstName} from {props.city}</Avatar>',
      '        <Text tag="title" slot="city" y={-0.3}>{props.city}</Text>',
      '      </Scene>',
      '    </Video>',
      '  );',
      '}',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'syntax.tsx'),
    "import { Video } from '@vsynth/jsx-runtime';\nexport default <Video>\n  <Scene>\n</Video>;\n",
  );
  await writeFile(
    path.join(dir, 'element.tsx'),
    "import { Video } from '@vsynth/jsx-runtime';\nexport default <Video />;\n",
  );
  await writeFile(path.join(dir, 'nothing.tsx'), 'export const x = 1;\n');
  await writeFile(
    path.join(dir, 'imports-broken.tsx'),
    "import { Broken } from './syntax.js';\nexport default Broken;\n",
  );
  await writeFile(
    path.join(dir, 'anonymous.tsx'),
    "export default () => {\n  throw new Error('row has no name');\n};\n",
  );
  // In a "type": "module" package tsx loads the file as ESM, with source-mapped stacks.
  await mkdir(path.join(dir, 'esm'));
  await writeFile(path.join(dir, 'esm', 'package.json'), '{ "type": "module" }\n');
  await writeFile(
    path.join(dir, 'esm', 'throws.tsx'),
    "import { Video } from '@vsynth/jsx-runtime';\n\nconst rows = JSON.parse('{oops');\nexport default <Video name={rows.name} />;\n",
  );
  await writeFile(
    path.join(dir, 'esm', 'anonymous.tsx'),
    "export default () => {\n  throw new Error('row has no name');\n};\n",
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('importTsx', () => {
  it('loads a .tsx outside any project with jsxDEV source locations', async () => {
    const mod = await importTsx(path.join(dir, 'element.tsx'));
    const exported = (mod['default'] as { default?: unknown }).default ?? mod['default'];
    expect((exported as { source: unknown }).source).toEqual({
      fileName: path.join(dir, 'element.tsx'),
      lineNumber: 2,
      columnNumber: 16,
    });
  });

  it('reports a syntax error with its file and line, not a stack', async () => {
    await expect(importTsx(path.join(dir, 'syntax.tsx'))).rejects.toMatchObject({
      name: 'ValidationError',
      issues: [{ source: { lineNumber: 4, fileName: expect.stringContaining('syntax.tsx') } }],
    });
  });

  it('locates a syntax error in an imported file at that file', async () => {
    await expect(importTsx(path.join(dir, 'imports-broken.tsx'))).rejects.toMatchObject({
      issues: [{ source: { fileName: path.join(dir, 'syntax.tsx'), lineNumber: 4 } }],
    });
  });

  it('reports a throw at module level at its line in the source, never a position in generated code', async () => {
    const file = path.join(dir, 'esm', 'throws.tsx');
    await expect(importTsx(file)).rejects.toMatchObject({
      message: `Invalid ${file}: 1 problem\n✖ loading the module failed: Expected property name or '}' in JSON at position 1\n  → at ${file}:3:19`,
    });
  });

  it('says so when the file does not exist', async () => {
    await expect(importTsx(path.join(dir, 'missing.tsx'))).rejects.toThrow(/no such file/);
  });
});

describe('compileFile', () => {
  it('calls a component default export with a data row as props (v3 slots)', async () => {
    const { anna } = await import('../fixtures/avatars.js');
    const { payload, slots } = await compileFile(path.join(dir, 'row.tsx'), {
      avatars: [defineAvatar({ ...anna.model, ai_name: 'jisoo', emotion: 'hanbok_red' })],
      props: { firstName: 'Ana', city: 'Busan' },
    });
    expect(slots).toEqual({ city: 'title_0' });
    expect(payload).toMatchObject({
      name: 'Hello Ana',
      scenes: [{ scripts: [{ org: 'Hi Ana from Busan', modelId: 'jisoo' }] }],
    });
  });

  it('calls a component default export with a data row as props (legacy, lossy)', async () => {
    const { payload, slots, warnings } = await compileFile(path.join(dir, 'row.tsx'), {
      target: 'legacy',
      lossy: true,
      props: { firstName: 'Ana', city: 'Busan' },
    });
    expect(slots).toEqual({});
    expect(warnings.map((w) => `${w.source?.fileName}:${w.source?.lineNumber} ${w.message}`)).toEqual([
      `${path.join(dir, 'row.tsx')}:5 <Video> name cannot be expressed in a legacy payload; dropped (lossy compile) (in <Row>)`,
      `${path.join(dir, 'row.tsx')}:7 <Avatar model="jisoo"> speaks "ko" but its script is written in Latin (expected Hangul or Han); translate the script or choose an avatar (or language) that matches it`,
      `${path.join(dir, 'row.tsx')}:8 <Text> tag, slot cannot be expressed in a legacy payload; dropped (lossy compile)`,
    ]);
    expect(payload).toMatchObject({
      scenes: [
        {
          AIModel: { script: 'Hi Ana from Busan' },
          clips: [{ type: 'text', detail: { textSource: 'Busan', locationY: -0.3 } }],
        },
      ],
    });
  });

  it('names an anonymous default export that throws', async () => {
    for (const file of [path.join(dir, 'esm', 'anonymous.tsx'), path.join(dir, 'anonymous.tsx')]) {
      await expect(compileFile(file)).rejects.toMatchObject({
        message: `Invalid ${file}: 1 problem\n✖ <default export> threw: row has no name (thrown at ${file}:2:9)`,
      });
    }
  });

  it('refuses props for an element export and a file without default export', async () => {
    await expect(compileFile(path.join(dir, 'element.tsx'), { props: { a: 1 } })).rejects.toThrow(
      'exports an element, not a component',
    );
    await expect(compileFile(path.join(dir, 'nothing.tsx'))).rejects.toThrow('has no default export');
  });
});

describe('compileFile with a props schema', () => {
  const zodDir = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));

  async function writeVideo(): Promise<string> {
    const project = path.join(dir, 'schema-project');
    await mkdir(path.join(project, 'node_modules'), { recursive: true });
    await symlink(zodDir, path.join(project, 'node_modules', 'zod'), 'dir').catch(() => {});
    const file = path.join(project, 'launch.tsx');
    await writeFile(
      file,
      [
        "import { Scene, Text, Video } from '@vsynth/jsx-runtime';",
        "import { z } from 'zod';",
        'export const schema = z.object({ customer: z.string(), features: z.array(z.string()).default([]) });',
        'export default function Launch({ customer, features }: z.infer<typeof schema>) {',
        '  return <Video name={`Launch for ${customer}`}><Scene><Text>{`${features.length} features`}</Text></Scene></Video>;',
        '}',
        '',
      ].join('\n'),
    );
    return file;
  }

  it('parses the props before the component runs: defaults applied', async () => {
    const { payload } = await compileFile(await writeVideo(), { variant: 'B', props: { customer: 'ACME' } });
    expect(payload.name).toBe('Launch for ACME');
  });

  it('refuses a misspelt key and names the missing prop at their lines in the props file', async () => {
    const text = '{\n  "custmer": "ACME"\n}\n';
    const file = await writeVideo();
    await expect(
      compileFile(file, { props: JSON.parse(text), propsOrigin: { name: 'launch.props.json', text } }),
    ).rejects.toMatchObject({
      message: [
        'Invalid launch.props.json: 2 problems',
        '✖ custmer is not a prop of this video; did you mean "customer"?',
        '  → at launch.props.json:2:3 · custmer',
        '✖ customer is required: expected a string, received nothing',
        '  → at launch.props.json:1:1 · customer',
      ].join('\n'),
    });
  });
});
