/**
 * `vsynth studio` over HTTP, without a browser: the real CLI on a copy of an example in a temp
 * folder; `/state.json`, `/events`, the scene PNGs and `/source` as a script would use them.
 */
import http from 'node:http';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { estimateCubes } from '@vsynth/core';
import { decodePng } from '@vsynth/preview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runVsynth } from './run-vsynth.js';
import {
  copyLibraryDemo,
  linkDependencies,
  edit,
  EventStream,
  getJson,
  startStudioCli,
  type StudioProcess,
} from './studio-helpers.js';

interface Problem {
  message: string;
  file: string;
  line: number | null;
  column: number | null;
  severity: string;
  row?: number;
}
interface State {
  file: string;
  version: number;
  row: number | null;
  problems: Problem[];
  scenes: { index: number; image: string; durationSeconds: number }[];
  cubes: number | null;
  payloads: { v3A: any; v3B: any; legacy: any };
  ok: boolean;
  shownVersion: number | null;
  totalSeconds: number | null;
  canvas: { width: number; height: number } | null;
  slots: Record<string, string>;
  targets: Record<'v3A' | 'v3B' | 'legacy', { problems: Problem[]; warnings: Problem[] }>;
  rows: number | null;
}

const state = async (url: string, query = ''): Promise<State> => {
  const { status, body } = await getJson<State>(url, `state.json${query}`);
  expect(status).toBe(200);
  return body;
};

describe('vsynth studio on a copy of examples/library-demo.tsx', { timeout: 60_000 }, () => {
  let dir: string;
  let studio: StudioProcess;
  let events: EventStream;
  let version = 1;

  beforeAll(async () => {
    dir = await copyLibraryDemo();
    studio = await startStudioCli(
      ['library-demo.tsx', '--props', 'library-demo.props.json', '--port', '0', '--no-open'],
      { cwd: dir },
    );
    events = new EventStream(studio.url);
  }, 60_000);
  afterAll(async () => {
    events?.close();
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Saves a change and waits for the version it makes. */
  const save = async (file: string, from: string | RegExp, to: string): Promise<State> => {
    await edit(path.join(dir, file), from, to);
    const event = await events.next(version);
    version = event.version;
    const current = await state(studio.url);
    expect(current.version).toBe(version);
    return current;
  };

  it('prints its URL on 127.0.0.1 with the port chosen', () => {
    expect(studio.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(studio.url).not.toMatch(/:0\/$/);
  });

  it('answers /state.json with the scenes, durations, cubes, slots and the three payloads', async () => {
    const s = await state(studio.url);
    expect(s).toMatchObject({
      file: 'library-demo.tsx',
      version: 1,
      row: null,
      problems: [],
      ok: true,
      rows: null,
      canvas: { width: 1920, height: 1080 },
    });
    // Scene 0 speaks 13 words (5.2 s at 150 words/min); "Feature 1: Dashboards." is 3 words (the 1.5 s minimum).
    expect(s.scenes.map((scene) => [scene.index, scene.durationSeconds])).toEqual([
      [0, 5.2],
      [1, 1.5],
      [2, 1.6],
      [3, 1.6],
    ]);
    expect(s.totalSeconds).toBe(9.9);
    for (const scene of s.scenes) expect(scene.image).toMatch(new RegExp(`^/scene/[\\w-]+/${scene.index}\\.png$`));
    expect(s.cubes).toBe(estimateCubes({ kind: 'create', body: s.payloads.v3A }));
    expect(s.payloads.v3A.name).toBe('Welcome Dana');
    expect(s.payloads.v3A.scenes[0].scripts[0].org).toBe(
      'Hi Dana! Thanks for choosing the Business plan. Let me show you around.',
    );
    expect(s.payloads.v3B.scenes[0].scripts).toBeUndefined();
    expect(s.payloads.v3B.scenes[0].clips.find((clip: any) => clip.type === 'aiModel').script.org).toBe(
      s.payloads.v3A.scenes[0].scripts[0].org,
    );
    expect(s.payloads.legacy.scenes[0].AIModel.script).toContain('Hi Dana!');
    expect(s.slots).toMatchObject({ welcome: 'title_0', greeting: 'scripts_0' });
    // What legacy loses, each at its element, as `compile --target legacy --lossy` warns.
    const lost = s.targets.legacy.warnings;
    expect(lost.length).toBeGreaterThan(0);
    expect(
      lost.some(
        (w) =>
          /cannot be expressed in a legacy payload/.test(w.message) &&
          w.file.endsWith('.tsx') &&
          typeof w.line === 'number',
      ),
    ).toBe(true);
  });

  it('serves every scene as a PNG with the canvas aspect ratio', async () => {
    const s = await state(studio.url);
    for (const scene of s.scenes) {
      const response = await fetch(new URL(scene.image, studio.url));
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = decodePng(Buffer.from(await response.arrayBuffer()));
      expect([png.width, png.height]).toEqual([960, 540]);
    }
  });

  it('pushes a new version on /events when an imported component changes, with the change in the payload', async () => {
    const before = await state(studio.url);
    const after = await save('components/title-card.tsx', 'fontSize={72}', 'fontSize={64}');
    expect(after.ok).toBe(true);
    const title = after.payloads.v3A.scenes[0].clips.find((clip: any) => clip.type === 'textImage');
    expect(title.fontSize).toBe(64);
    expect(after.scenes[0]?.image).not.toBe(before.scenes[0]?.image);
  });

  it('sees a change of the props file', async () => {
    const after = await save('library-demo.props.json', '"Dana"', '"Eve"');
    expect(after.payloads.v3A.name).toBe('Welcome Eve');
  });

  it('keeps the last good storyboard and names file and line of a syntax error, then recovers', async () => {
    const good = await state(studio.url);
    const broken = await save('library-demo.tsx', '<Avatar model={anna} x={0.25}', '<Avatar model={anna x={0.25}');
    expect(broken.ok).toBe(false);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]).toMatchObject({ file: 'library-demo.tsx', line: 26, severity: 'error' });
    expect(broken.problems[0]?.message).toMatch(/syntax error/);
    // The last good build stays: same images, same payloads, and the version they come from.
    expect(broken.scenes).toEqual(good.scenes);
    expect(broken.payloads).toEqual(good.payloads);
    expect(broken.shownVersion).toBe(good.version);
    const source = await getJson<{ lines: { number: number; text: string }[] }>(
      studio.url,
      'source?file=library-demo.tsx&line=26',
    );
    expect(source.body.lines.find((line) => line.number === 26)?.text).toContain('<Avatar model={anna x={0.25}');
    const fixed = await save('library-demo.tsx', '<Avatar model={anna x={0.25}', '<Avatar model={anna} x={0.25}');
    expect(fixed).toMatchObject({ ok: true, problems: [] });
    expect(fixed.shownVersion).toBe(fixed.version);
  });

  it('locates a component that throws at the element that uses it', async () => {
    const broken = await save(
      'components/logo.tsx',
      "'https://cdn.example.com/brand/logo-wide.png': [1200, 400]",
      "'https://cdn.example.com/brand/logo-wider.png': [1200, 400]",
    );
    expect(broken.ok).toBe(false);
    expect(broken.problems[0]?.message).toContain('unknown asset https://cdn.example.com/brand/logo-wide.png');
    expect(broken.problems[0]).toMatchObject({ file: 'library-demo.tsx', line: 30 });
    const fixed = await save('components/logo.tsx', 'logo-wider.png', 'logo-wide.png');
    expect(fixed.ok).toBe(true);
  });

  it('lists text that needs more room than its box, measured with the storyboard fonts, at its element', async () => {
    const long = 'Bartholomew-Alexandros Papadopoulos-Richardson of the Very Long Company Name';
    const crowded = await save('library-demo.props.json', /"customer": "[^"]*"/, `"customer": "${long}"`);
    const overflow = crowded.problems.filter((problem) => problem.message.includes('run past its bottom'));
    expect(overflow).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^text needs \d+ lines, \d+ px high, in a box \d+ px high: \d+ px run past/),
        file: 'components/title-card.tsx',
        line: 22,
        severity: 'warning',
        // The title's box, outlined on the first scene of the storyboard.
        clip: {
          scene: 0,
          left: expect.any(Number),
          top: expect.any(Number),
          width: expect.any(Number),
          height: expect.any(Number),
        },
      }),
    ]);
    const fixed = await save('library-demo.props.json', `"customer": "${long}"`, '"customer": "Eve"');
    expect(fixed.problems).toEqual([]);
  });

  it('keeps running when the video code calls process.exit', async () => {
    const broken = await save('avatars.ts', /$/, '\nprocess.exit(3);\n');
    expect(broken.ok).toBe(false);
    expect(broken.problems[0]?.message).toMatch(/ended the build .*process\.exit/);
    const fixed = await save('avatars.ts', '\nprocess.exit(3);\n', '');
    expect(fixed.ok).toBe(true);
    expect(studio.child.exitCode).toBeNull();
  });

  it('serves source lines of its own files only, and rejects a bad row', async () => {
    expect(
      (await getJson(studio.url, `source?file=${encodeURIComponent(path.join(REPO_ROOT, 'package.json'))}&line=1`))
        .status,
    ).toBe(404);
    expect((await getJson(studio.url, 'source?file=../../etc/passwd&line=1')).status).toBe(404);
    const bad = await getJson(studio.url, 'state.json?row=abc');
    expect(bad).toEqual({ status: 400, body: { error: 'row must be a data row number 1, 2, …; got "abc"' } });
  });

  it('sends each version on /events once, in order', () => {
    const versions = events.events.map((event) => event.version);
    expect(versions[0]).toBe(1);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });
});

describe('vsynth studio with --data', { timeout: 60_000 }, () => {
  let dir: string;
  let tsx: StudioProcess;
  let handlebars: StudioProcess;
  let tsxEvents: EventStream;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vsynth-studio-data-'));
    await mkdir(path.join(dir, 'batch'));
    await cp(path.join(REPO_ROOT, 'examples/avatars.ts'), path.join(dir, 'avatars.ts'));
    await cp(path.join(REPO_ROOT, 'examples/batch/create-per-row'), path.join(dir, 'batch/create-per-row'), {
      recursive: true,
    });
    await linkDependencies(dir);
    [tsx, handlebars] = await Promise.all([
      startStudioCli(
        ['batch/create-per-row/welcome.tsx', '--data', 'batch/create-per-row/customers.csv', '--no-open'],
        { cwd: dir },
      ),
      startStudioCli(
        ['--template', 'batch/create-per-row/legacy.json', '--data', 'batch/create-per-row/customers.csv', '--no-open'],
        { cwd: dir },
      ),
    ]);
    tsxEvents = new EventStream(tsx.url);
  }, 60_000);
  afterAll(async () => {
    tsxEvents?.close();
    await Promise.all([tsx?.stop(), handlebars?.stop()]);
    await rm(dir, { recursive: true, force: true });
  });

  const dataRows = async (): Promise<number> =>
    (await readFile(path.join(dir, 'batch/create-per-row/customers.csv'), 'utf8')).trim().split('\n').length - 1;

  it('binds row 1 by default and row N of a TSX template with ?row=N', async () => {
    const first = await state(tsx.url);
    expect(first).toMatchObject({ row: 1, ok: true, rows: await dataRows() });
    expect(first.payloads.v3A.name).toBe('Welcome Acme & Sons');
    const third = await state(tsx.url, '?row=3');
    expect(third).toMatchObject({ row: 3, ok: true });
    expect(third.payloads.v3A.name).toBe('Welcome 北京科技');
    expect(third.payloads.v3A.scenes[0].scripts[0].org).toBe(
      'Welcome aboard, 北京科技! Your Enterprise plan with 250 seats is ready.',
    );
  });

  it('says which row does not exist', async () => {
    const missing = await state(tsx.url, '?row=999');
    expect(missing.ok).toBe(false);
    expect(missing.problems[0]?.message).toBe(
      `row 999 does not exist: batch/create-per-row/customers.csv has ${await dataRows()} data row(s); pick 1 to ${await dataRows()}`,
    );
  });

  it('reports a missing column naming row and prop, at the row in the data file', async () => {
    const before = (await state(tsx.url, '?row=2')).version;
    const csv = path.join(dir, 'batch/create-per-row/customers.csv');
    await edit(csv, 'name,plan,seats', 'name,plan,seat');
    const event = await tsxEvents.next(before);
    const broken = await state(tsx.url, '?row=2');
    expect(broken.version).toBe(event.version);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]).toMatchObject({ file: 'batch/create-per-row/customers.csv', line: 3, row: 2 });
    expect(broken.problems[0]?.message).toMatch(
      /^row 2: column "seats": is required: expected a number, received nothing/,
    );
    await edit(csv, 'name,plan,seat', 'name,plan,seats');
    await tsxEvents.next(event.version);
    expect((await state(tsx.url, '?row=2')).ok).toBe(true);
  });

  it('binds a Handlebars payload template (--template) to the row', async () => {
    const second = await state(handlebars.url, '?row=2');
    expect(second).toMatchObject({ row: 2, ok: true, drawn: 'legacy' });
    expect(second.payloads.legacy.scenes[0].AIModel.script).toBe('Hi Zoë "Z" Müller! Your Team plan starts today.');
    expect(second.payloads.v3A).toBeNull();
    expect(second.scenes).toHaveLength(1);
    const png = decodePng(
      Buffer.from(await (await fetch(new URL(second.scenes[0]?.image ?? '', handlebars.url))).arrayBuffer()),
    );
    expect([png.width, png.height]).toEqual([960, 540]);
  });

  it('names the missing variable of a payload template', async () => {
    const template = path.join(dir, 'batch/create-per-row/legacy.json');
    const events = new EventStream(handlebars.url);
    try {
      const before = (await state(handlebars.url, '?row=2')).version;
      await edit(template, 'Hi {{name}}!', 'Hi {{nmae}}!');
      await events.next(before);
      const broken = await state(handlebars.url, '?row=2');
      expect(broken.ok).toBe(false);
      expect(broken.problems[0]?.message).toMatch(/missing variable "nmae" .*did you mean "name"/);
      expect(broken.problems[0]).toMatchObject({ row: 2, file: 'batch/create-per-row/customers.csv', line: 3 });
    } finally {
      events.close();
    }
  });
});

describe('vsynth studio usage errors', () => {
  it('needs a .tsx or a --template with --data (exit 2)', async () => {
    const none = await runVsynth(['studio', '--no-open']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Give the .tsx video to show');
    const json = await runVsynth(['studio', 'examples/payloads/modify.json', '--no-open']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('is not a .tsx file');
    const noData = await runVsynth(['studio', '--template', 'examples/batch/create-per-row/legacy.json', '--no-open']);
    expect(noData.stderr).toContain('--template needs --data');
    const missing = await runVsynth(['studio', 'examples/nope.tsx', '--no-open']);
    expect(missing.stderr).toContain('Cannot read examples/nope.tsx (video): no such file.');
  });

  it('says when the port is taken (exit 2)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runVsynth(['studio', 'examples/hello.tsx', '--port', String(port), '--no-open']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`Cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
    } finally {
      blocker.close();
    }
  });
});

describe('vsynth studio props panel endpoints, without --props', { timeout: 60_000 }, () => {
  let dir: string;
  let studio: StudioProcess;

  beforeAll(async () => {
    dir = await copyLibraryDemo();
    await rm(path.join(dir, 'library-demo.props.json'));
    studio = await startStudioCli(['library-demo.tsx', '--no-open'], { cwd: dir });
  }, 60_000);
  afterAll(async () => {
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** A POST to the studio, as its page sends it unless `headers` say otherwise. */
  const post = async (
    pathname: string,
    body: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any }> => {
    const url = new URL(pathname, studio.url);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };

  it('describes the props panel in /state.json: the JSON Schema, the props and where Save writes', async () => {
    const current = await state(studio.url);
    expect((current as any).panel).toMatchObject({
      schema: { type: 'object', properties: { plan: { enum: ['Starter', 'Pro', 'Business', 'Enterprise'] } } },
      props: {},
      edited: false,
      saveTo: 'library-demo.props.json',
      rowProblems: null,
    });
  });

  it('refuses another site, a form post, a body over 1 MiB and a bad row, changing nothing', async () => {
    const before = await state(studio.url);
    const port = new URL(studio.url).port;
    const foreign = await post('props', '{"props":{"customer":"Eve"}}', { origin: 'http://attacker.example' });
    expect(foreign).toEqual({
      status: 403,
      body: {
        error:
          'Origin "http://attacker.example" is another site than this studio\'s own pages; it answers scripts and its own pages only',
      },
    });
    const host = await post('props/save', '{}', { host: `attacker.example:${port}` });
    expect(host.status).toBe(403);
    const form = await post('props', 'props=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form).toEqual({
      status: 415,
      body: { error: 'send the body as Content-Type: application/json; got application/x-www-form-urlencoded' },
    });
    const huge = await post('props', JSON.stringify({ props: { customer: 'x'.repeat(1024 * 1024) } }));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe("the body is larger than 1048576 bytes; the studio takes one video's props");
    const row = await post('props', '{"row":0,"props":{}}');
    expect(row).toEqual({ status: 400, body: { error: 'row must be a data row number 1, 2, …; got 0' } });
    const notObject = await post('props', '{"props":[1]}');
    expect(notObject.body.error).toBe('props must be a JSON object: the props of the video');
    const after = await state(studio.url);
    expect(after.version).toBe(before.version);
    expect(await readdir(dir)).not.toContain('library-demo.props.json');
  });

  it('names a refused prop at its path, does not save it, and creates <video>.props.json on Save', async () => {
    const bad = await post('props', JSON.stringify({ props: { customer: '', plan: 'Gold' } }));
    expect(bad.status).toBe(200);
    expect(bad.body.ok).toBe(false);
    expect(bad.body.panel.edited).toBe(true);
    expect(bad.body.problems.map((problem: Problem & { prop: unknown }) => [problem.prop, problem.message])).toEqual([
      [['customer'], 'customer must not be empty, received ""'],
      [['plan'], 'plan must be one of "Starter", "Pro", "Business", "Enterprise", received "Gold"'],
    ]);
    const refused = await post('props/save', '{}');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      'the props are not saved: customer must not be empty, received ""; plan must be one of "Starter", "Pro", "Business", "Enterprise", received "Gold"',
    );

    const good = await post('props', JSON.stringify({ props: { customer: 'Ana', plan: 'Starter' } }));
    expect(good.body.ok).toBe(true);
    expect(good.body.payloads.v3A.name).toBe('Welcome Ana');
    expect(await post('props/save', '{}')).toEqual({
      status: 200,
      body: { saved: 'library-demo.props.json', changed: true },
    });
    const file = path.join(dir, 'library-demo.props.json');
    expect(await readFile(file, 'utf8')).toBe('{\n  "customer": "Ana",\n  "plan": "Starter"\n}\n');
    // From now on the studio reads and watches the file it created.
    await edit(file, '"Ana"', '"Bea"');
    await waitFor(async () => (await state(studio.url)).payloads.v3A?.name === 'Welcome Bea');
    expect(((await state(studio.url)) as any).panel).toMatchObject({ edited: false, props: { customer: 'Bea' } });

    // A props file broken by hand is not written over: the panel's Save says where it is broken.
    await writeFile(file, '{\n  "customer": "Bea",\n');
    expect((await post('props', JSON.stringify({ props: { customer: 'Cy' } }))).body.ok).toBe(true);
    expect(await post('props/save', '{}')).toEqual({
      status: 409,
      body: {
        error:
          'the props are not saved: library-demo.props.json:3:1 is not valid JSON: Expected double-quoted property name. Fix the file and try again.',
      },
    });
    expect(await readFile(file, 'utf8')).toBe('{\n  "customer": "Bea",\n');
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
