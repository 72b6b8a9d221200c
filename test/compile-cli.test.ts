import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runVsynth, type VsynthRun } from './run-vsynth.js';

const ROOT = REPO_ROOT;
const vsynth = (args: string[], cwd = ROOT): Promise<VsynthRun> => runVsynth(args, { cwd });

let outside: string;

beforeAll(async () => {
  // A directory outside the repository with no package.json and no tsconfig: nothing configures JSX.
  outside = await mkdtemp(path.join(os.tmpdir(), 'vsynth-compile-'));
  await writeFile(
    path.join(outside, 'card.tsx'),
    [
      "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
      '',
      'export default function Card(props: { name: string }) {',
      '  return (',
      '    <Video>',
      '      <Scene>',
      '        <Avatar model="jisoo" clothes="hanbok_red" language="ko" x={0.2}>안녕하세요 {props.name}</Avatar>',
      '        <Text x={-0.2} y={-0.3}>{props.name}</Text>',
      '      </Scene>',
      '    </Video>',
      '  );',
      '}',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(outside, 'broken.tsx'),
    [
      "import { Avatar, Image, Scene, Video } from '@vsynth/jsx-runtime';",
      '',
      'export default (',
      '  <Video>',
      '    <Scene>',
      '      <Avatar model="jisoo" x={0} top={10}>Hi</Avatar>',
      '      <Image src="https://cdn.example.com/a.png" x={0.1} />',
      '    </Scene>',
      '  </Video>',
      ');',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(outside, 'props.json'), '{ "name": "Dana" }');
  // A "type": "module" package: tsx loads the file as ESM, whose stacks map to the .tsx lines.
  await mkdir(path.join(outside, 'esm'));
  await writeFile(path.join(outside, 'esm', 'package.json'), '{ "type": "module" }\n');
  await writeFile(
    path.join(outside, 'esm', 'throws.tsx'),
    "import { Video } from '@vsynth/jsx-runtime';\n\nconst rows = JSON.parse('{oops');\nexport default <Video name={rows.name} />;\n",
  );
});

afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
});

describe.concurrent('vsynth compile', () => {
  it('prints the payload of an example on stdout, byte-identical across runs', async () => {
    const [a, b] = await Promise.all([
      vsynth(['compile', 'examples/hello.tsx']),
      vsynth(['compile', 'examples/hello.tsx']),
    ]);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(b.stdout);
    const payload = JSON.parse(a.stdout) as { scenes: { scripts: { modelId: string }[]; clips: { left: number }[] }[] };
    expect(payload.scenes[0]!.scripts[0]!.modelId).toBe('anna');
    expect(payload.scenes[0]!.clips[0]!.left).toBe(1082.4);
  });

  it('prints {payload, slots, warnings} with --report and warnings on stderr', async () => {
    const { code, stdout, stderr } = await vsynth(['compile', 'examples/promo.tsx', '--report']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { slots: Record<string, string>; warnings: unknown[] };
    expect(report.slots['headline']).toBe('title_0');
    // minho (ko) reading English, and the deleted avatar clip of the scene without one.
    expect(report.warnings).toHaveLength(2);
    expect(stderr).toContain('⚠ <Avatar model="minho"> speaks "ko" but its script is written in Latin');
    expect(stderr).toContain('⚠ aiModel clip');
    expect(stderr).toContain('examples/promo.tsx:');
  });

  it('compiles a component outside the repository with --props, no JSX configuration anywhere', async () => {
    const { code, stdout, stderr } = await vsynth(
      ['compile', path.join(outside, 'card.tsx'), '--target', 'legacy', '--props', path.join(outside, 'props.json')],
      outside,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const payload = JSON.parse(stdout) as {
      scenes: { AIModel: Record<string, unknown>; clips: { detail: Record<string, unknown> }[] }[];
    };
    expect(payload.scenes[0]!.AIModel).toEqual({
      model: 'jisoo',
      clothes: 'hanbok_red',
      language: 'ko',
      script: '안녕하세요 Dana',
      locationX: 0.2,
      locationY: 0,
      scale: 1,
      layer: 1,
    });
    expect(payload.scenes[0]!.clips[0]!.detail).toEqual({
      textSource: 'Dana',
      locationX: -0.2,
      locationY: -0.3,
      scale: 1,
      layer: 2,
    });
  });

  it('exits 3 listing every problem with file:line:col <Element>', async () => {
    const { code, stdout, stderr } = await vsynth(['compile', 'broken.tsx', '--target', 'legacy'], outside);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain('vsynth: Invalid broken.tsx: 2 problems');
    expect(stderr).toContain(
      '<Avatar model="jisoo"> needs "clothes" (the outfit key)\n  → at broken.tsx:6:7 <Avatar> · scenes[0].AIModel',
    );
    expect(stderr).toContain('<Avatar> mixes position families: top (v3 box) with x (legacy centre)');
    expect(stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/); // no stack trace
  });

  it('drops what legacy cannot express with --lossy, a warning each on stderr', async () => {
    const { code, stdout, stderr } = await vsynth(['compile', 'examples/hello.tsx', '--target', 'legacy', '--lossy']);
    expect(code).toBe(0);
    const payload = JSON.parse(stdout) as {
      scenes: { AIModel: Record<string, unknown>; clips: { detail: Record<string, unknown> }[] }[];
    };
    expect(payload.scenes[0]!.AIModel).toMatchObject({
      model: 'anna',
      clothes: 'business_suit_navy',
      language: 'en',
      locationX: 0.22,
      locationY: 0.04,
      scale: 1,
    });
    expect(payload.scenes[0]!.clips).toEqual([
      { type: 'text', detail: { textSource: 'Hello, vsynth', locationX: -0.2, locationY: -0.3, scale: 1.5, layer: 2 } },
    ]);
    expect(stderr.split('\n').filter((l) => l.startsWith('⚠'))).toEqual([
      '⚠ <Video> name cannot be expressed in a legacy payload; dropped (lossy compile)',
      '⚠ <Scene> background colour rgb(245,247,250) cannot be expressed in a legacy payload; dropped (lossy compile)',
      '⚠ <Text> fill, fontWeight, tag, slot cannot be expressed in a legacy payload; dropped (lossy compile)',
    ]);
    expect(stderr).toContain('→ at examples/hello.tsx:15:7 <Text> · scenes[0].clips[0]');
  });

  it('reports a throw at module level with file:line, not a stack', async () => {
    const file = path.join(outside, 'esm', 'throws.tsx');
    const { code, stderr } = await vsynth(['compile', file]);
    expect(code).toBe(3);
    expect(stderr).toBe(
      `vsynth: Invalid ${file}: 1 problem\n✖ loading the module failed: Expected property name or '}' in JSON at position 1\n  → at ${file}:3:19\n`,
    );
  });

  it('exits 2 for a missing file and for an unknown target', async () => {
    const missing = await vsynth(['compile', 'examples/nope.tsx']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read examples/nope.tsx: no such file');
    const bad = await vsynth(['compile', 'examples/hello.tsx', '--target', 'v2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are v3, legacy');
  });
});
