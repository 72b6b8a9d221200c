/**
 * The client commands run in-process (their `run*` functions with captured stdout/stderr)
 * against a sandbox: what they print, what they refuse before sending, and the exit codes the
 * errors map to. The spawned CLI is covered by client-cli.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDub } from '../packages/cli/src/commands/dub.js';
import { runEdit } from '../packages/cli/src/commands/edit.js';
import { runFind } from '../packages/cli/src/commands/find.js';
import { runModify } from '../packages/cli/src/commands/modify.js';
import { runProgress } from '../packages/cli/src/commands/progress.js';
import { runSubmit } from '../packages/cli/src/commands/submit.js';
import type { CommandIo } from '../packages/cli/src/client-env.js';
import { exitCodeFor } from '../packages/cli/src/exit-code-for.js';
import { api, testSandbox, DUBBING } from './sandbox-helpers.js';

const KEY = 'key-commands-0001';
let sandbox: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  sandbox = await testSandbox({ apiKeys: [KEY], fsync: false });
});
afterAll(async () => {
  await sandbox.dispose();
});

function io(env: Record<string, string> = {}): CommandIo & { out: string; err: string } {
  const captured = {
    out: '',
    err: '',
    stdout: { write: (text: string) => (captured.out += text) },
    stderr: { write: (text: string) => (captured.err += text) },
    env: { VSYNTH_BASE_URL: sandbox.url, VSYNTH_API_KEY: KEY, ...env },
  };
  return captured;
}

/** Runs `run` and returns the exit code its error maps to (0 when it succeeds). */
async function exitOf(run: () => Promise<void>): Promise<{ code: number; message: string }> {
  try {
    await run();
    return { code: 0, message: '' };
  } catch (error) {
    return { code: exitCodeFor(error), message: (error as Error).message };
  }
}

describe('vsynth submit', () => {
  it('compiles a component with --props and sends the props-bound payload', async () => {
    const out = io();
    await runSubmit('examples/library-demo.tsx', { props: 'examples/library-demo.props.json', export: false }, out);
    const { projectId } = JSON.parse(out.out) as { projectId: string };
    const ledger = await api(sandbox.url, KEY).get('/sandbox/ledger');
    const entry = (
      ledger.body as { entries: { projectId?: string; body: { name: string; isExport: boolean } }[] }
    ).entries.find((e) => e.projectId === projectId);
    expect(entry?.body.name).toBe('Welcome Dana');
    expect(entry?.body.isExport).toBe(false);
    expect(JSON.stringify(entry?.body)).toContain('Thanks for choosing the Business plan');
  });

  it('refuses --props for a JSON payload and a props file that is not an object (exit 2)', async () => {
    const array = join(sandbox.dir, 'props-array.json');
    await writeFile(array, '["Dana"]');
    expect(
      await exitOf(() =>
        runSubmit('examples/payloads/create-variant-a.json', { props: 'examples/library-demo.props.json' }, io()),
      ),
    ).toEqual({
      code: 2,
      message: '--props applies to a .tsx component; a JSON payload is sent as it is.',
    });
    expect(await exitOf(() => runSubmit('examples/library-demo.tsx', { props: array }, io()))).toEqual({
      code: 2,
      message: `--props ${array} must be a JSON object (the component's props), got an array.`,
    });
  });

  it('without credentials fails with the variables to set (exit 2)', async () => {
    const result = await exitOf(() =>
      runSubmit('examples/payloads/create-variant-a.json', {}, io({ VSYNTH_API_KEY: '' })),
    );
    expect(result.code).toBe(2);
    expect(result.message).toContain('Set VSYNTH_API_KEY (or VSYNTH_TOKEN, or both VSYNTH_APP_ID and VSYNTH_USER_KEY)');
  });
});

describe('vsynth find, modify and edit', () => {
  it('find prints the legacy project that submit stored', async () => {
    const created = io();
    await runSubmit('examples/payloads/legacy.json', {}, created);
    const { success, key } = JSON.parse(created.out) as { success: boolean; key: string };
    expect(success).toBe(true);
    const found = io();
    await runFind(key, found);
    const project = JSON.parse(found.out) as {
      success: boolean;
      key: string;
      format: string;
      project: { scenes: { AIModel: { script: string } }[] };
    };
    expect(project).toMatchObject({ success: true, key, format: 'legacy' });
    expect(project.project.scenes[0]?.AIModel.script).toBe('안녕하세요! 오늘부터 봄 세일이 시작됩니다.');
  });

  it('modify and edit change the stored project and print {projectId}', async () => {
    const created = io();
    await runSubmit('examples/payloads/create-variant-a.json', { export: false }, created);
    const { projectId } = JSON.parse(created.out) as { projectId: string };
    const modified = io();
    await runModify({ project: projectId, set: ['scripts_0=Hello & welcome, Ana.'] }, modified);
    expect(JSON.parse(modified.out)).toEqual({ projectId });
    const edited = io();
    await runEdit(
      projectId,
      { change: ['{"sceneIdx":1,"type":"aiModel","values":{"script":"Edited."}}'], export: false },
      edited,
    );
    expect(JSON.parse(edited.out)).toEqual({ projectId });
    const stored = (await api(sandbox.url, KEY).get(`/sandbox/projects/${projectId}`)).body as {
      revision: number;
      payload: { scenes: { scripts: { org: string }[] }[] };
    };
    expect(stored.revision).toBe(3);
    expect(stored.payload.scenes[0]?.scripts[0]?.org).toBe('Hello & welcome, Ana.');
  });

  it('refuses a webhook address or --wait on a request that does not export, before sending (exit 2)', async () => {
    const before = ((await api(sandbox.url, KEY).get('/sandbox/ledger')).body as { entries: unknown[] }).entries.length;
    const hook = 'https://hooks.example.com/vsynth';
    expect(await exitOf(() => runModify({ project: 'p-1', set: ['title=x'], webhookUrl: hook }, io()))).toEqual({
      code: 2,
      message:
        '--webhook-url needs an export (the service delivers the webhook only for exported projects); add --export.',
    });
    expect(
      await exitOf(() =>
        runSubmit('examples/payloads/create-variant-a.json', { export: false, webhookUrl: hook }, io()),
      ),
    ).toEqual({
      code: 2,
      message:
        '--webhook-url needs an export (the service delivers the webhook only for exported projects); drop --no-export.',
    });
    expect(
      await exitOf(() =>
        runEdit(
          'p-1',
          { change: ['{"sceneIdx":0,"type":"aiModel","values":{"script":"x"}}'], export: false, wait: true },
          io(),
        ),
      ),
    ).toEqual({
      code: 2,
      message:
        '--wait needs an export (the service delivers the webhook only for exported projects); drop --no-export.',
    });
    expect(((await api(sandbox.url, KEY).get('/sandbox/ledger')).body as { entries: unknown[] }).entries).toHaveLength(
      before,
    );
  });

  it('modify of a key beyond the tagged clips is refused by the service with the key named (exit 4)', async () => {
    const created = io();
    await runSubmit('examples/payloads/create-variant-a.json', { export: false }, created);
    const { projectId } = JSON.parse(created.out) as { projectId: string };
    expect(await exitOf(() => runModify({ project: projectId, set: ['scripts_9=x'] }, io()))).toEqual({
      code: 4,
      message: `Request failed with status 400 Bad Request: POST /api/odin/v3/project/modify: Cannot modify project ${projectId}: an update does not apply; updates.scripts_9: Update key "scripts_9" addresses scene 9, but the project has 2 scenes`,
    });
  });
});

describe('vsynth dub checks the spec limits before sending anything', () => {
  let requests = 0;
  let base: string;
  let close: () => Promise<void>;
  let video: string;
  let subs: string;

  beforeAll(async () => {
    const server = createServer((request, response) => {
      requests += 1;
      request.resume();
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
    video = join(sandbox.dir, 'talk.mp4');
    await writeFile(video, Buffer.alloc(1000, 7));
    subs = join(sandbox.dir, 'fr.srt');
    await writeFile(subs, '1\n00:00:01,000 --> 00:00:02,000\nBonjour\n');
  });
  afterAll(async () => {
    await close();
  });

  it('a video or subtitle file that cannot be read: exit 2 naming it, no request', async () => {
    const out = io({ VSYNTH_BASE_URL: base });
    expect(await exitOf(() => runDub(join(sandbox.dir, 'missing.mp4'), { to: 'es-ES', targetSrt: [] }, out))).toEqual({
      code: 2,
      message: `Cannot read the video ${join(sandbox.dir, 'missing.mp4')}: no such file. Check the path.`,
    });
    expect(await exitOf(() => runDub(video, { to: 'es-ES', targetSrt: [`es-ES=${sandbox.dir}`] }, out))).toEqual({
      code: 2,
      message: `--target-srt es-ES=${sandbox.dir} is not a file.`,
    });
    expect(requests).toBe(0);
  });

  const cases: [string, { to: string; targetSrt?: string[]; speakers?: string }, string][] = [
    [
      '11 targets',
      { to: 'es-ES,fr-FR,de-DE,it-IT,ja-JP,ko-KR,zh-CN,pt-PT,ru-RU,ar-SA,hi-IN' },
      '✖ at most 10 target languages are allowed, got 11\n  → at targets',
    ],
    ['an unknown code', { to: 'es-ES,xx-YY' }, '✖ "xx-YY" is not a language code of the spec; use one of en-US, hi-IN'],
    [
      'a target subtitle without its target',
      { to: 'es-ES', targetSrt: ['fr-FR=SUBS'] },
      '✖ a subtitle file for fr-FR needs fr-FR among the targets (targetSrt_N is only sent beside target_N)',
    ],
    [
      '6 speakers',
      { to: 'es-ES', speakers: '6' },
      '✖ numberOfSpeakers must be auto or a whole number from 1 to 5, got "6"',
    ],
  ];
  it.each(cases)('%s: exit 3, no request', async (_, options, expected) => {
    const out = io({ VSYNTH_BASE_URL: base });
    const targetSrt = (options.targetSrt ?? []).map((pair) => pair.replace('SUBS', subs));
    const result = await exitOf(() => runDub(video, { ...options, targetSrt }, out));
    expect(result.code).toBe(3);
    expect(result.message).toContain(expected);
    expect(out.out).toBe('');
    expect(requests).toBe(0);
  });
});

describe('vsynth progress', () => {
  it('retries a GET answered 503, telling each retry on stderr, and prints the answer', async () => {
    // Fault draws below the rate inject a 503; `draws` is filled once the job exists.
    const draws: number[] = [];
    const faulty = await testSandbox({
      apiKeys: [KEY],
      fsync: false,
      fault5xxRate: 0.5,
      random: () => draws.shift() ?? 0.99,
      dubbingPolls: 1,
    });
    try {
      const form = new FormData();
      form.set('file', new Blob([Buffer.alloc(10)]), 'v.mp4');
      form.set('target_0', 'es-ES');
      const { folderId } = (await api(faulty.url, KEY).form(DUBBING, form)).body as { folderId: string };
      draws.push(0.1, 0.2);
      const out = io({ VSYNTH_BASE_URL: faulty.url });
      await runProgress(folderId, out);
      expect(JSON.parse(out.out)).toMatchObject({
        progress: 100,
        download_url: expect.stringContaining('/sandbox/artifacts/'),
      });
      const retries = out.err.trimEnd().split('\n');
      expect(retries).toHaveLength(2);
      expect(retries[0]).toMatch(
        /^GET \/api\/odin\/v3\/automation\/translatevideos failed \(status 503\); retry 1 in \d+\.\d s$/,
      );
      expect(retries[1]).toMatch(/; retry 2 in \d+\.\d s$/);
    } finally {
      await faulty.dispose();
    }
  });
});
