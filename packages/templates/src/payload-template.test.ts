import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileFile } from '@vsynth/jsx-runtime';
import { payloadTemplate } from './payload-template.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-tsx-template-');

const legacy = {
  scenes: [
    {
      AIModel: { model: 'anna', clothes: 'suit', language: 'en', script: 'Hi {{name}}', locationX: 0, locationY: 0 },
      clips: [{ type: 'text', detail: { textSource: 'Welcome {{name}}' } }],
    },
  ],
};

describe('payloadTemplate', () => {
  it('keeps a "__proto__" key of the template as a field of the body, never as its prototype', () => {
    const withProto = JSON.parse(
      '{"scenes":[{"AIModel":{"model":"anna","clothes":"suit","language":"en","script":"Hi {{name}}","locationX":0,"locationY":0},"clips":[],"__proto__":{"polluted":"{{name}}"}}]}',
    ) as object;
    const bound = payloadTemplate(withProto).bind({ name: 'Ada' }, 1);
    const scene = (bound.ok ? (bound.request.body['scenes'] as object[])[0] : undefined) as Record<string, unknown>;
    expect(Object.getPrototypeOf(scene)).toBe(Object.prototype);
    expect(Object.hasOwn(scene, '__proto__')).toBe(true);
    expect(scene['polluted']).toBeUndefined();
    expect(JSON.stringify(scene)).toContain('"__proto__":{"polluted":"Ada"}');
  });

  it('detects a legacy payload and binds every templated leaf, keeping plain text exact', () => {
    const template = payloadTemplate(legacy);
    expect(template.kind).toBe('legacy');
    const bound = template.bind({ name: 'Tom & Jerry' }, 1);
    expect(bound.ok && bound.request.body).toEqual({
      scenes: [
        {
          AIModel: {
            model: 'anna',
            clothes: 'suit',
            language: 'en',
            script: 'Hi Tom & Jerry',
            locationX: 0,
            locationY: 0,
          },
          clips: [{ type: 'text', detail: { textSource: 'Welcome Tom & Jerry' } }],
        },
      ],
    });
  });

  it('HTML-escapes values in v3 speech (org) only, keeps clip text exact, and validates with core', async () => {
    const { payload } = await compileFile(fileURLToPath(new URL('./fixtures/greeting.tsx', import.meta.url)));
    const scenes = (
      payload as unknown as { scenes: { scripts: { org: string }[]; clips: { type: string; text?: string }[] }[] }
    ).scenes;
    scenes[0]!.scripts[0]!.org = '<p>Hi {{name}}</p>';
    scenes[0]!.clips.find((c) => c.type === 'textImage')!.text = 'Hello {{name}}';
    const template = payloadTemplate(payload);
    expect(template.kind).toBe('create');
    const bound = template.bind({ name: 'Tom & Jerry <3' }, 1);
    expect(bound.ok).toBe(true);
    if (!bound.ok) return;
    const body = bound.request.body as typeof payload & { scenes: typeof scenes };
    expect(body.scenes[0]!.scripts[0]!.org).toBe('<p>Hi Tom &amp; Jerry &lt;3</p>');
    expect(body.scenes[0]!.clips.find((c) => c.type === 'textImage')!.text).toBe('Hello Tom & Jerry <3');

    scenes[0]!.scripts[0]!.org = '{{name}}';
    const numeric = payloadTemplate(payload).bind({ name: 42 }, 5);
    expect(numeric.ok && (numeric.request.body as { scenes: typeof scenes }).scenes[0]!.scripts[0]!.org).toBe('42');
    const invalid = payloadTemplate({ ...payload, scenes: '{{name}}' }).bind({ name: 'x' }, 6);
    expect(invalid.ok ? [] : invalid.issues.map((i) => [i.row, i.path.join('.')])).toEqual([[6, 'scenes']]);
  });

  it('binds compiled TSX output that carries {{…}} in its text', async () => {
    const file = join(tempDir(), 'video.tsx');
    const avatars = fileURLToPath(new URL('./fixtures/avatars.ts', import.meta.url));
    writeFileSync(
      file,
      `import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { presenter } from ${JSON.stringify(avatars)};
export default (
  <Video name="Hi {{name}}">
    <Scene background="rgb(1,2,3)">
      <Avatar model={presenter} x={0.25} y={0.05}>Hello {'{{name}}'}, welcome & enjoy.</Avatar>
      <Text tag="title" x={0} y={0}>Welcome {'{{name}}'}</Text>
    </Scene>
  </Video>
);
`,
    );
    const { payload } = await compileFile(file);
    const bound = payloadTemplate(payload).bind({ name: 'Tom & Jerry <3' }, 1);
    expect(bound.ok).toBe(true);
    if (!bound.ok) return;
    const body = bound.request.body as {
      name: string;
      scenes: { scripts: { org: string }[]; clips: { type: string; text?: string }[] }[];
    };
    expect([
      body.name,
      body.scenes[0]!.scripts[0]!.org,
      body.scenes[0]!.clips.find((c) => c.type === 'textImage')!.text,
    ]).toEqual(['Hi Tom & Jerry <3', 'Hello Tom &amp; Jerry &lt;3, welcome &amp; enjoy.', 'Welcome Tom & Jerry <3']);
  });

  it('reports a leaf that does not compile, naming its path', () => {
    expect(() => payloadTemplate({ scenes: [{ AIModel: { script: 'Hi {{name' } }] })).toThrow(
      /scenes\[0\]\.AIModel\.script/,
    );
  });

  it('binds rows independently: one row never changes the next', () => {
    const template = payloadTemplate(legacy);
    const a = template.bind({ name: 'A' }, 1);
    const b = template.bind({ name: 'B' }, 2);
    expect(a.ok && JSON.stringify(a.request.body)).toContain('Hi A');
    expect(b.ok && JSON.stringify(b.request.body)).toContain('Hi B');
    expect(a.ok && b.ok && a.request.body !== b.request.body).toBe(true);
  });
});
