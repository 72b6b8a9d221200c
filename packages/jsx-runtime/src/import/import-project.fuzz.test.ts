/**
 * Property: for random valid payloads of each kind (v3 variant A, v3 variant B, legacy), with
 * random unknown fields, ids, names and awkward text added, the printed TSX evaluates to a video
 * that compiles back to the payload (after normaliseProject, up to key order). The TSX is
 * transpiled with TypeScript and evaluated here, independently of the check importProject makes.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { canonicalJson, checkRequest } from '@vsynth/core';
import * as runtime from '../index.js';
import * as jsxRuntime from '../jsx-runtime.js';
import { compile } from '../compile/compile.js';
import type { VsynthElement } from '../element.js';
import { importProject } from './import-project.js';
import { normaliseProject } from './normalise-project.js';

const { Avatar, Image, Scene, Shape, Text, Video, defineAvatar, jsxDEV } = runtime;
/** The value type of an arbitrary. */
type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
const h = (type: unknown, { key, ...props }: Record<string, unknown>, ...children: unknown[]): VsynthElement =>
  jsxDEV(
    type as never,
    children.length === 0 ? props : { ...props, children: children.length === 1 ? children[0] : children },
    key as string | undefined,
  );

const editor = { modelTightW: 600, modelTightH: 1000, scale: 1 };
const models = [
  defineAvatar({ ai_name: 'anna', emotion: 'suit', language: 'en', editorValue: editor, editor } as never),
  defineAvatar({
    ai_name: 'anna',
    emotion: 'casual',
    language: 'en',
    editorValue: { ...editor, scale: 0.8 },
    editor: { ...editor, scale: 0.8 },
  } as never),
  defineAvatar({ ai_name: 'ben', emotion: 'shirt', language: 'ko', editorValue: editor, editor } as never),
];

/** Text an author might write, including what JSX text cannot hold as is. */
const text = fc.oneof(
  fc.constantFrom(
    'Hello',
    'Spring sale: 30% off',
    'Tom & Jerry',
    'x &amp; &#39;y',
    '<b>bold</b>',
    ' padded ',
    'two\nlines',
    '{braces}',
    '안녕하세요',
    'a  b',
    'it\'s "quoted"',
  ),
  fc.string({ maxLength: 12 }),
);
const coord = fc.oneof(
  fc.integer({ min: -200, max: 2000 }),
  fc.double({ min: -500, max: 2000, noNaN: true, noDefaultInfinity: true }),
);
const centre = fc.double({ min: -0.5, max: 0.5, noNaN: true, noDefaultInfinity: true });
const scale = fc.oneof(fc.constant(1), fc.double({ min: 0.1, max: 3, noNaN: true, noDefaultInfinity: true }));

const v3Clip = fc.oneof(
  fc.record({
    kind: fc.constant('Avatar'),
    model: fc.integer({ min: 0, max: 2 }),
    left: coord,
    top: coord,
    s: scale,
    speech: text,
    layer: fc.option(fc.integer({ min: 0, max: 9 })),
  }),
  fc.record({
    kind: fc.constant('Text'),
    left: coord,
    top: coord,
    text,
    fontSize: fc.integer({ min: 8, max: 200 }),
    tag: fc.option(fc.constantFrom('title', 'subtitles')),
    fill: fc.option(fc.constantFrom('#fff', 'rgb(1,2,3)')),
  }),
  fc.record({
    kind: fc.constant('Image'),
    left: coord,
    top: coord,
    w: fc.integer({ min: 1, max: 3000 }),
    h: fc.integer({ min: 1, max: 3000 }),
    s: scale,
  }),
  fc.record({
    kind: fc.constant('Shape'),
    left: coord,
    top: coord,
    shape: fc.constantFrom('Circle', 'Star', 'Rectangle_corner0'),
    opacity: fc.option(fc.integer({ min: 1, max: 100 })),
  }),
);
const v3Video = fc.record({
  name: fc.option(text),
  portrait: fc.boolean(),
  scenes: fc.array(
    fc.record({
      background: fc.constantFrom(undefined, '#102030', 'https://cdn.example.com/bg.jpg'),
      clips: fc.array(v3Clip, { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

function v3Element(video: Of<typeof v3Video>, variant: 'A' | 'B'): VsynthElement {
  // Variant A allows one speaking avatar per scene and needs one avatar in the video.
  const scenes = video.scenes.map((scene, s) => {
    let spoke = false;
    const clips = scene.clips.map((c, i) => {
      if (c.kind === 'Avatar') {
        const speech = variant === 'A' && spoke ? '' : c.speech;
        if (speech.trim() !== '') spoke = true;
        return h(
          Avatar,
          {
            key: i,
            model: models[c.model],
            left: c.left,
            top: c.top,
            scaleX: c.s,
            scaleY: c.s,
            ...(c.layer !== null && { layer: c.layer }),
          },
          speech,
        );
      }
      if (c.kind === 'Text')
        return h(
          Text,
          {
            key: i,
            left: c.left,
            top: c.top,
            fontSize: c.fontSize,
            ...(c.tag !== null && { tag: c.tag }),
            ...(c.fill !== null && { fill: c.fill }),
          },
          c.text,
        );
      if (c.kind === 'Image')
        return h(Image, {
          key: i,
          src: 'https://cdn.example.com/i.png',
          left: c.left,
          top: c.top,
          width: c.w,
          height: c.h,
          scaleX: c.s,
          scaleY: c.s,
        });
      return h(Shape, {
        key: i,
        shape: c.shape,
        left: c.left,
        top: c.top,
        ...(c.opacity !== null && { opacity: c.opacity }),
      });
    });
    if (variant === 'A' && s === 0) clips.push(h(Avatar, { key: 'a', model: models[0] }));
    return h(Scene, scene.background === undefined ? { key: s } : { key: s, background: scene.background }, ...clips);
  });
  return h(
    Video,
    { ...(video.name !== null && { name: video.name }), orientation: video.portrait ? 'portrait' : 'landscape' },
    ...scenes,
  );
}

const legacyVideo = fc.array(
  fc.record({
    avatar: fc.record({
      x: centre,
      y: centre,
      s: scale,
      speech: text,
      model: fc.constantFrom('anna', 'ben'),
      layer: fc.option(fc.integer({ min: 0, max: 600 })),
    }),
    background: fc.option(fc.constant('https://cdn.example.com/bg.jpg')),
    clips: fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant('Text'),
          x: centre,
          y: centre,
          s: scale,
          text,
          font: fc.option(fc.constantFrom('Noto Sans', 'Arial')),
        }),
        fc.record({ kind: fc.constant('Image'), x: centre, y: centre, s: scale }),
      ),
      { maxLength: 3 },
    ),
  }),
  { minLength: 1, maxLength: 3 },
);

function legacyElement(scenes: Of<typeof legacyVideo>): VsynthElement {
  return h(
    Video,
    {},
    ...scenes.map((scene, s) =>
      h(
        Scene,
        { key: s, ...(scene.background !== null && { background: scene.background }) },
        h(
          Avatar,
          {
            model: scene.avatar.model,
            clothes: 'suit',
            language: 'en',
            x: scene.avatar.x,
            y: scene.avatar.y,
            scale: scene.avatar.s,
            ...(scene.avatar.layer !== null && { layer: scene.avatar.layer }),
          },
          scene.avatar.speech,
        ),
        ...scene.clips.map((c, i) =>
          c.kind === 'Text'
            ? h(Text, { key: i, x: c.x, y: c.y, scale: c.s, ...(c.font !== null && { fontFamily: c.font }) }, c.text)
            : h(Image, { key: i, src: 'https://cdn.example.com/i.png', x: c.x, y: c.y, scale: c.s }),
        ),
      ),
    ),
  );
}

/** Changes a compiled payload the way payloads from the wild differ: unknown fields, ids, names. */
const mutation = fc.record({
  extra: fc.array(
    fc.tuple(
      fc.constantFrom('project', 'scene', 'clip', 'detail'),
      fc.nat(),
      fc.constantFrom('lockMovementX', 'thumbnailUrl', 'custom_field', 'x-y'),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    { maxLength: 3 },
  ),
  ids: fc.array(fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 8 }), fc.boolean()), { maxLength: 2 }),
  markup: fc.boolean(),
});

function mutate(payload: any, m: Of<typeof mutation>, target: 'v3' | 'legacy'): any {
  const p = structuredClone(payload);
  const scenes: any[] = p.scenes;
  const clips = scenes.flatMap((s) => s.clips as any[]);
  for (const [where, i, key, value] of m.extra) {
    if (where === 'project') p[key] = value;
    else if (where === 'scene') (scenes[i % scenes.length] as any)[key] = value;
    else if (clips.length > 0) {
      const clip = clips[i % clips.length];
      if (target === 'legacy' && where === 'detail') clip.detail[key] = value;
      else clip[key] = value;
    }
  }
  if (target === 'v3') {
    for (const [i, id, sameName] of m.ids) {
      if (clips.length === 0) continue;
      const clip = clips[i % clips.length];
      clip.id = id;
      clip.name = sameName ? id : `${id} name`;
    }
    // Script markup (<p>) the compiler would have escaped.
    if (m.markup && scenes[0].scripts !== undefined) scenes[0].scripts[0].org = `<p>${scenes[0].scripts[0].org}</p>`;
    const spoken = clips.find((c) => c.script !== undefined);
    if (m.markup && spoken !== undefined) spoken.script.org = `<p>${spoken.script.org}<br/></p>`;
  }
  return p;
}

/** Transpiles the imported TSX and the avatars module and evaluates them against this runtime. */
function evaluate(tsx: string, avatars: string): VsynthElement {
  const options = {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      jsxImportSource: '@vsynth/jsx-runtime',
    },
  };
  const run = (source: string, fileName: string, modules: Record<string, unknown>): Record<string, unknown> => {
    const js = ts.transpileModule(source, { ...options, fileName }).outputText;
    const exports: Record<string, unknown> = {};
    const require = (id: string): unknown => {
      if (!(id in modules)) throw new Error(`unexpected import ${id}`);
      return modules[id];
    };
    new Function('require', 'exports', js)(require, exports);
    return exports;
  };
  const base = { '@vsynth/jsx-runtime': runtime, '@vsynth/jsx-runtime/jsx-runtime': jsxRuntime };
  const avatarModule = avatars === '' ? {} : run(avatars, 'avatars.ts', base);
  return run(tsx, 'video.tsx', { ...base, './avatars.js': avatarModule })['default'] as VsynthElement;
}

/** Round trips checked per kind: a property whose inputs were all skipped would prove nothing. */
const checked = new Map<string, number>();

async function roundTrip(payload: unknown, target: 'v3' | 'legacy', variant: 'A' | 'B' | undefined): Promise<void> {
  checked.set(variant ?? target, (checked.get(variant ?? target) ?? 0) + 1);
  const result = await importProject(payload);
  expect(result.target).toBe(target);
  if (variant !== undefined) expect(result.variant).toBe(variant);
  const element = evaluate(result.tsx, result.avatars);
  const back = await compile(element, target === 'legacy' ? { target: 'legacy' } : { variant: variant ?? 'A' });
  expect(canonicalJson(normaliseProject(back.payload, target))).toBe(canonicalJson(normaliseProject(payload, target)));
  const again = await importProject(payload);
  expect(again.tsx).toBe(result.tsx);
}

const RUNS = 60;

describe('compile(import(p)) equals p for random valid payloads', () => {
  for (const variant of ['A', 'B'] as const) {
    it(`v3 variant ${variant}`, async () => {
      await fc.assert(
        fc.asyncProperty(v3Video, mutation, async (video, m) => {
          const { payload } = await compile(v3Element(video, variant), { variant });
          const mutated = mutate(payload, m, 'v3');
          fc.pre(checkRequest('create', mutated).ok);
          await roundTrip(mutated, 'v3', variant);
        }),
        { numRuns: RUNS, seed: 10 + variant.charCodeAt(0) },
      );
      expect(checked.get(variant)).toBeGreaterThanOrEqual(RUNS / 2);
    }, 60_000);
  }

  it('legacy', async () => {
    await fc.assert(
      fc.asyncProperty(legacyVideo, mutation, async (video, m) => {
        const { payload } = await compile(legacyElement(video), { target: 'legacy' });
        const mutated = mutate(payload, m, 'legacy');
        fc.pre(checkRequest('legacy', mutated).ok);
        await roundTrip(mutated, 'legacy', undefined);
      }),
      { numRuns: RUNS, seed: 42 },
    );
    expect(checked.get('legacy')).toBeGreaterThanOrEqual(RUNS / 2);
  }, 60_000);
});
