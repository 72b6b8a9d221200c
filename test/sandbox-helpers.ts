/**
 * Helpers of the sandbox tests: a sandbox in a temporary data directory, plain-fetch calls, a
 * seeded random source, a webhook receiver and small valid payloads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@vsynth/sandbox';
import { REPO_ROOT, VSYNTH_NODE_ARGS } from './run-vsynth.js';

export async function tempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'vsynth-sandbox-test-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A sandbox on port 0 in a fresh temporary directory; exports complete at once. */
export async function testSandbox(
  options: SandboxOptions = {},
): Promise<RunningSandbox & { dir: string; dispose(): Promise<void> }> {
  const dir = options.dataDir ?? (await tempDir()).path;
  const sandbox = await startSandbox({
    exportSeconds: 0,
    webhookRetry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
    dataDir: dir,
  });
  return Object.assign(sandbox, {
    dir,
    async dispose() {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

/**
 * `vsynth sandbox --port 0 --quiet --data-dir DIR …args` in a child process, once it prints its
 * URL. The caller stops the child (`stopped` resolves with its exit code).
 */
export async function sandboxProcess(
  dataDir: string,
  args: readonly string[] = [],
): Promise<{ url: string; child: ChildProcess; stopped: Promise<number | null> }> {
  const child = spawn(
    process.execPath,
    [...VSYNTH_NODE_ARGS, 'sandbox', '--port', '0', '--quiet', '--data-dir', dataDir, ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stopped = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0]!) as { url: string }).url);
    });
    void stopped.then((code) => reject(new Error(`sandbox exited with ${code}: ${stderr}`)));
  });
  return { url, child, stopped };
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/** Plain fetch calls with a raw `Authorization` header. */
export function api(base: string, authorization: string | null = 'sandbox-key') {
  const headers = (extra: Record<string, string> = {}) => ({
    ...(authorization === null ? {} : { authorization }),
    ...extra,
  });
  const reply = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body };
  };
  return {
    async post(path: string, body: unknown): Promise<Reply> {
      return reply(
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json' }),
          body: JSON.stringify(body),
        }),
      );
    },
    async get(path: string): Promise<Reply> {
      return reply(await fetch(`${base}${path}`, { headers: headers() }));
    },
    async form(path: string, form: FormData): Promise<Reply> {
      return reply(await fetch(`${base}${path}`, { method: 'POST', headers: headers(), body: form }));
    },
  };
}

/** A deterministic random source (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A random source answering the given values in turn, then 0.99. */
export function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[index++] ?? 0.99;
}

/** A webhook receiver on port 0 that answers 500 to the first `failFirst` requests. */
export async function webhookReceiver(options: { failFirst?: number } = {}) {
  const requests: { method: string; url: URL }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    requests.push({ method: request.method ?? '', url });
    const status = requests.length <= (options.failFirst ?? 0) ? 500 : 200;
    response.writeHead(status).end();
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    /** Resolves once `count` requests arrived. */
    received(count: number): Promise<void> {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The error `promise` rejects with; fails when it resolves. */
export { rejection } from '../packages/core/src/client/test-rejection.js';

/**
 * Polls `check` every 10 ms until it returns a value other than undefined, for up to `timeoutMs`
 * (default 20 s, inside vitest's 30 s per test). A time, not a number of tries: on a busy machine
 * an export's preview took longer than 500 tries of a quick check.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A text clip with a tag. */
export function textClip(id: string, tag: string | undefined, text: string) {
  return {
    id,
    name: id,
    type: 'textImage',
    ...(tag === undefined ? {} : { tag }),
    layer: 5,
    top: 10,
    left: 10,
    width: 400,
    height: 80,
    text,
    fontSize: 48,
  };
}

export function avatarClip(id: string, script?: string) {
  return {
    id,
    name: id,
    type: 'aiModel',
    layer: 3,
    top: 100,
    left: 600,
    width: 500,
    height: 900,
    model: { ai_name: 'anna', emotion: 'suit_navy', language: 'en' },
    ...(script === undefined ? {} : { script: { org: script, tts: null } }),
  };
}

const background = {
  id: 'background',
  type: 'background',
  source_type: 'image',
  source_url: 'https://cdn.example.com/bg.jpg',
};

/** A variant A payload: one scene per script, each with the given extra clips. */
export function variantA(
  scripts: readonly string[],
  clips: (sceneIndex: number) => object[] = () => [],
  extra: object = {},
) {
  return {
    name: 'Test video',
    scenes: scripts.map((org, index) => ({
      sceneIdx: index,
      scripts: [{ org, isTTS: false, tts: null, modelId: 'anna', clothId: 'suit_navy' }],
      background,
      clips: [...clips(index), avatarClip(`avatar-${index}`)],
    })),
    ...extra,
  };
}

/** A variant B payload: the speech in each scene's avatar clip. */
export function variantB(scripts: readonly string[], extra: object = {}) {
  return {
    name: 'Variant B video',
    scenes: scripts.map((org, index) => ({
      sceneIdx: index,
      background,
      clips: [textClip(`title-${index}`, 'title', `Title ${index}`), avatarClip(`avatar-${index}`, org)],
    })),
    ...extra,
  };
}

export const legacyPayload = {
  scenes: [
    {
      AIModel: {
        model: 'anna',
        clothes: 'suit_navy',
        language: 'ko',
        script: '안녕하세요',
        locationX: 0,
        locationY: 0,
      },
      clips: [
        { type: 'background', detail: { url: 'https://cdn.example.com/bg.jpg' } },
        { type: 'text', detail: { textSource: 'Hello', locationX: 0, locationY: -0.3 } },
      ],
    },
  ],
};

export const CREATE = '/api/odin/v3/editor/project';
export const MODIFY = '/api/odin/v3/project/modify';
export const EDIT = (key: string) => `/api/odin/v3/editor/project/${key}`;
export const DUBBING = '/api/odin/v3/automation/translatevideos';
export const LEGACY_CREATE = '/api/odin/editor/project';
export const LEGACY_AUDIO = '/api/odin/simple/audio';
export const LEGACY_FIND = (key: string) => `/api/odin/simple/find/${key}`;
