import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseRequest, type Issue } from '@vsynth/core';
import { compileFile } from '@vsynth/jsx-runtime';

type AnyJson = Record<string, any>;
const clipsOf = (payload: unknown, scene: number): AnyJson[] => (payload as AnyJson)['scenes'][scene]['clips'];
const summary = (clip: AnyJson) => ({
  type: clip['type'],
  layer: clip['layer'],
  left: clip['left'],
  top: clip['top'],
  width: clip['width'],
  height: clip['height'],
  scaleX: clip['scaleX'],
});

describe('examples/hello.tsx', () => {
  it('compiles to one scene with Anna right of centre and the title upper left', async () => {
    const { payload, slots, warnings } = await compileFile('examples/hello.tsx');
    expect(parseRequest('create', payload).value).toBeDefined();
    expect(warnings).toEqual([]);
    expect(slots).toEqual({ headline: 'title_0' });
    const scene = (payload as AnyJson)['scenes'][0];
    expect(scene['scripts'][0]).toEqual({
      org: 'Hello! I am Anna, and this whole video was written as a TSX component.',
      isTTS: false,
      tts: null,
      modelId: 'anna',
      clothId: 'business_suit_navy',
    });
    // x 0.22 -> cx 1382.4, tight 600 wide; y 0.04 -> cy 583.2, 1000 high
    expect(clipsOf(payload, 0).map(summary)).toEqual([
      { type: 'aiModel', layer: 1, left: 1082.4, top: 83.2, width: 600, height: 1000, scaleX: 1 },
      { type: 'textImage', layer: 2, left: 295.2, top: 172.8, width: 561.6, height: 86.4, scaleX: 1 },
    ]);
    expect(clipsOf(payload, 0)[1]).toMatchObject({ fontSize: 72, text: 'Hello, vsynth', tag: 'title' });
  });
});

describe('examples/promo.tsx', () => {
  it('compiles three scenes using every component, with slots by the counting rule', async () => {
    const { payload, slots, warnings } = await compileFile('examples/promo.tsx');
    expect(parseRequest('create', payload).value).toBeDefined();
    expect(slots).toEqual({
      intro: 'scripts_0',
      headline: 'title_0',
      demo: 'scripts_1',
      demoCaption: 'subtitles_0',
      cta: 'title_1',
    });
    // minho's language is ko and the demo line is English: the speech check names it at the <Avatar>.
    expect(warnings.map((w) => w.path.join('.'))).toEqual(['scenes.1.clips.2', 'scenes.2.clips.2.isDelete']);
    expect(warnings[0]?.message).toMatch(/^<Avatar model="minho"> speaks "ko" but its script is written in Latin/);
    const p = payload as AnyJson;
    expect(p['webhookUrl']).toBe('https://hooks.example.com/vsynth/promo');
    expect(p['scenes'].map((s: AnyJson) => s['scripts'][0].modelId)).toEqual(['anna', 'minho', 'anna']);
    expect(p['scenes'][1]['scripts'][0].org).toBe(
      'Dashboards now refresh in real time &amp; exports finish in seconds.',
    );
    expect(p['scenes'][2]['scripts'][0].org).toBe('');
    expect(clipsOf(payload, 0).map(summary)).toEqual([
      { type: 'audio', layer: 1, left: 0, top: 0, width: 0, height: 0, scaleX: undefined },
      { type: 'aiModel', layer: 2, left: 1125, top: 69, width: 600, height: 1000, scaleX: 1.05 },
      { type: 'textImage', layer: 3, left: 210, top: 165.6, width: 655.2, height: 100.8, scaleX: 1 },
      // 1200x400 logo at legacy scale 0.3: 288 wide (factor 0.24), centre (230.4, 972)
      { type: 'image', layer: 4, left: 86.4, top: 924, width: 1200, height: 400, scaleX: 0.24 },
    ]);
    // minho's editor scale 0.8: 540*0.8 = 432 wide at cx 1574.4
    expect(summary(clipsOf(payload, 1)[2]!)).toEqual({
      type: 'aiModel',
      layer: 3,
      left: 1358.4,
      top: 242.4,
      width: 540,
      height: 960,
      scaleX: 1,
    });
    expect(clipsOf(payload, 1).map((c) => c['type'])).toEqual(['shape', 'videoImage', 'aiModel', 'shape', 'textImage']);
    expect(clipsOf(payload, 2)[2]).toMatchObject({ type: 'aiModel', isDelete: true, layer: 0 });
    expect((payload as AnyJson)['scenes'][1]['background']).toEqual({
      id: 'background',
      type: 'background',
      source_type: 'color',
      source_color: 'rgb(16,24,32)',
    });
  });

  it('compiles to variant B with the speech in the avatar clips', async () => {
    const { payload } = await compileFile('examples/promo.tsx', { variant: 'B' });
    expect(parseRequest('create', payload).value).toBeDefined();
    const scenes = (payload as AnyJson)['scenes'];
    expect(scenes.map((s: AnyJson) => s['scripts'])).toEqual([undefined, undefined, undefined]);
    expect(scenes[0]['clips'][1].script.org).toMatch(/^Spring is here/);
    expect(scenes[2]['clips'].map((c: AnyJson) => c.type)).toEqual(['textImage', 'textImage']);
  });

  it('refuses a legacy compile listing each element legacy cannot express', async () => {
    await expect(compileFile('examples/promo.tsx', { target: 'legacy' })).rejects.toThrow(
      /<Audio> cannot be expressed in a legacy payload[\s\S]*examples\/promo\.tsx:18:7 <Audio>/,
    );
    const issues = await compileFile('examples/promo.tsx', { target: 'legacy' }).then(
      () => [],
      (error: { issues: Issue[] }) => error.issues,
    );
    const errors = issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => `${i.source?.lineNumber}:${i.source?.columnNumber} <${i.source?.element}>`)).toEqual([
      '15:3 <Video>', // name, webhookUrl, isExport
      '18:7 <Audio>',
      '19:7 <Avatar>', // slot
      '22:7 <Text>', // styling, tag, slot
      '35:7 <Image>', // animation
      '45:5 <Scene>', // background colour
      '46:7 <Shape>',
      '56:7 <VideoClip>',
      '67:7 <Avatar>', // slot
      '70:7 <Shape>',
      '71:7 <Text>',
      '85:5 <Scene>', // watermark
      '85:5 <Scene>', // background colour
      '86:7 <Text>',
      '89:7 <Text>',
      '85:5 <Scene>', // no avatar: a legacy scene needs one, even lossy
    ]);
    expect(issues.at(-1)?.message).toBe('scene 2 has no <Avatar>; every legacy scene needs exactly one');
  });
});

describe('examples/legacy.tsx', () => {
  it('compiles to a legacy payload by keys, positions passed through', async () => {
    const { payload } = await compileFile('examples/legacy.tsx', { target: 'legacy' });
    expect(parseRequest('legacy', payload).value).toBeDefined();
    const [first, second] = (payload as AnyJson)['scenes'];
    expect(first['AIModel']).toEqual({
      model: 'minho',
      clothes: 'suit_charcoal',
      language: 'ko',
      script: '안녕하세요. 오늘은 새로운 기능을 소개해 드리겠습니다.',
      locationX: 0.25,
      locationY: 0.05,
      scale: 1.1,
      layer: 1,
    });
    expect(first['clips'].map((c: AnyJson) => c.type)).toEqual(['background', 'image', 'text']);
    expect(first['clips'][2].detail).toEqual({
      textSource: '신제품 소개',
      font: 'Noto Sans',
      locationX: -0.2,
      locationY: 0.35,
      scale: 1.25,
      layer: 3,
    });
    expect(second['clips'][1].detail).toMatchObject({ scale: 0.9, layer: 600 });
  });

  it('says how to supply model objects when compiled to v3 with keys only', async () => {
    await expect(compileFile('examples/legacy.tsx')).rejects.toThrow(
      /<Avatar model="minho"> has no model object[\s\S]*examples\/legacy\.tsx:16:7 <Avatar>/,
    );
  });

  it('compiles to v3 once the avatars are supplied', async () => {
    const { avatars } = await import('../examples/avatars.js');
    const { payload } = await compileFile('examples/legacy.tsx', { avatars });
    const clip = clipsOf(payload, 0)[0]!;
    // minho suit: tight 540x960, editor scale 0.8, legacy scale 1.1: 475.2 x 844.8 around (1440, 594)
    expect(summary(clip)).toEqual({
      type: 'aiModel',
      layer: 1,
      left: 1202.4,
      top: 171.6,
      width: 540,
      height: 960,
      scaleX: 1.1,
    });
    expect(clip['model'].emotion).toBe('suit_charcoal');
    // 1200x400 logo at legacy scale 0.3 -> 288 x 96 around (230.4, 129.6)
    expect(summary(clipsOf(payload, 0)[1]!)).toEqual({
      type: 'image',
      layer: 2,
      left: 86.4,
      top: 81.6,
      width: 1200,
      height: 400,
      scaleX: 0.24,
    });
  });
});

describe('examples/library-demo.tsx', () => {
  it('calls the component with props from a data row and places the library components', async () => {
    const props = JSON.parse(await readFile('examples/library-demo.props.json', 'utf8')) as Record<string, unknown>;
    const { payload, slots } = await compileFile('examples/library-demo.tsx', { props });
    expect(parseRequest('create', payload).value).toBeDefined();
    expect(slots).toEqual({ welcome: 'title_0', greeting: 'scripts_0', presenter: 'subtitles_0' });
    const scenes = (payload as AnyJson)['scenes'];
    expect(scenes).toHaveLength(4);
    expect(scenes[0]['scripts'][0].org).toBe('Hi Dana! Thanks for choosing the Business plan. Let me show you around.');
    expect(scenes.map((s: AnyJson) => s['clips'][1].text)).toEqual([
      'Welcome to Business, Dana',
      'Dashboards',
      'Scheduled exports',
      'Team seats',
    ]);
    expect(clipsOf(payload, 0).map(summary)).toEqual([
      { type: 'shape', layer: 1, left: 0, top: 0, width: 1920, height: 180, scaleX: 1 },
      { type: 'textImage', layer: 2, left: 96, top: 48, width: 1728, height: 86, scaleX: 1 },
      { type: 'aiModel', layer: 3, left: 1140, top: 94, width: 600, height: 1000, scaleX: 1 },
      { type: 'shape', layer: 4, left: 80, top: 820, width: 720, height: 150, scaleX: 1 },
      { type: 'textImage', layer: 5, left: 112, top: 840, width: 268.8, height: 67.2, scaleX: 1 },
      { type: 'textImage', layer: 6, left: 112, top: 910, width: 345.6, height: 43.2, scaleX: 1 },
      // async <Logo>: 1200x400 probed, legacy scale 0.3 at (0.38, -0.4)
      { type: 'image', layer: 7, left: 1545.6, top: 60, width: 1200, height: 400, scaleX: 0.24 },
    ]);
  });

  it('uses the defaults when no props are given', async () => {
    const { payload } = await compileFile('examples/library-demo.tsx');
    expect((payload as AnyJson)['name']).toBe('Welcome there');
  });
});

describe('determinism', () => {
  it('gives byte-identical output for every example across runs', async () => {
    for (const [file, options] of [
      ['examples/hello.tsx', {}],
      ['examples/promo.tsx', { variant: 'B' as const }],
      ['examples/legacy.tsx', { target: 'legacy' as const }],
      ['examples/library-demo.tsx', {}],
    ] as const) {
      const a = JSON.stringify(await compileFile(file, options));
      const b = JSON.stringify(await compileFile(file, options));
      expect(a, file).toBe(b);
    }
  });
});

describe('layout checks', () => {
  it.each([
    'examples/hello.tsx',
    'examples/promo.tsx',
    'examples/batch/greeting/video.tsx',
    'packages/create-vsynth/templates/common/video.tsx',
  ])('finds no layout problem in %s', async (file) => {
    const { warnings } = await compileFile(file);
    expect(warnings.filter((w) => w.code === 'layout')).toEqual([]);
  });

  it('finds no layout problem in examples/batch/create-per-row/welcome.tsx for the longest name of its data', async () => {
    const props = { name: 'Zoë "Z" Müller', plan: 'Enterprise', seats: 250 };
    const { warnings } = await compileFile('examples/batch/create-per-row/welcome.tsx', { props });
    expect(warnings.filter((w) => w.code === 'layout')).toEqual([]);
  });

  it('finds no layout problem in examples/library-demo.tsx', async () => {
    const props = JSON.parse(await readFile('examples/library-demo.props.json', 'utf8'));
    const { warnings } = await compileFile('examples/library-demo.tsx', { props });
    expect(warnings.filter((w) => w.code === 'layout')).toEqual([]);
  });
});
