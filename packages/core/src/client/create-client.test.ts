import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '../errors/api-error.js';
import { isNetworkError } from '../errors/network-error.js';
import { isTimeoutError } from '../errors/timeout-error.js';
import { isValidationError, type ValidationError } from '../errors/validation-error.js';
import { formatPath } from '../errors/format-issues.js';
import { isVsynthError } from '../errors/vsynth-error.js';
import type { ProjectCreateRequest } from '../schemas/project-create.js';
import { createClient, type CreateClientOptions } from './create-client.js';
import { rejection } from './test-rejection.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Reply = (seen: Seen, res: http.ServerResponse) => void;

let server: http.Server;
let origin: string;
/**
 * `${origin}/t<n>` for test n: a request of an earlier test arriving late (a timed-out or aborted one under load) is
 * not counted.
 */
let baseUrl: string;
let generation = 0;
let seen: Seen[] = [];
let replies: Reply[] = [];

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return (_seen, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}
const dropConnection: Reply = (_seen, res) => res.socket?.destroy();
const never: Reply = () => undefined;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const prefix = `/t${generation}/`;
      if (!(req.url ?? '').startsWith(prefix)) {
        res.writeHead(410).end();
        return;
      }
      const url = (req.url ?? '').slice(prefix.length - 1);
      const entry = {
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const next = replies.length > 1 ? replies.shift() : replies[0];
      (next ?? reply(500, { message: 'no reply queued' }))(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  generation += 1;
  baseUrl = `${origin}/t${generation}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  seen = [];
  replies = [];
});

const sleeps: number[] = [];
function client(options: Partial<CreateClientOptions> = {}) {
  sleeps.length = 0;
  return createClient({
    apiKey: 'key-AAAA-1111',
    baseUrl,
    env: {},
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
}

const payload: ProjectCreateRequest = {
  name: 'Hello',
  scenes: [
    {
      sceneIdx: 0,
      background: { id: 'background', type: 'background', source_type: 'image', source_url: '/bg.png' },
      scripts: [{ org: 'Hi there', isTTS: false, tts: null, modelId: 'M1', clothId: 'C1' }],
      clips: [
        {
          id: 'aiModel-1',
          type: 'aiModel',
          layer: 300,
          top: 0,
          left: 0,
          width: 500,
          height: 900,
          model: { ai_name: 'M1', emotion: 'C1' },
        },
      ],
    },
  ],
};

describe('createClient', () => {
  it('sends the raw API key and JSON to the create endpoint and returns the projectId', async () => {
    replies = [reply(200, { projectId: 'p-1' })];
    const result = await client().createProject(payload);
    expect(result.projectId).toBe('p-1');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('/api/odin/v3/editor/project');
    expect(seen[0]?.headers['authorization']).toBe('key-AAAA-1111');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(payload);
  });

  it('accepts a compiled element ({payload}) and an enveloped answer', async () => {
    replies = [reply(200, { success: true, data: { projectId: 'p-2' } })];
    const result = await client().createProject({ payload });
    expect(result.projectId).toBe('p-2');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(payload);
  });

  it('refuses an invalid payload before sending anything', async () => {
    const error = await rejection(client().createProject({ scenes: [] } as never));
    expect(isValidationError(error)).toBe(true);
    expect(seen).toHaveLength(0);
  });

  it('refuses local asset sources before sending anything, naming each, validated or not', async () => {
    const local = structuredClone(payload) as any;
    local.scenes[0].background.source_url = 'file:///home/me/bg.png';
    local.scenes[0].clips.push({
      id: 'image-1',
      type: 'image',
      layer: 1,
      top: 0,
      left: 0,
      width: 10,
      height: 10,
      source_url: 'assets/logo.svg',
    });
    for (const validateRequests of [true, false]) {
      const error = await rejection(client({ validateRequests }).createProject(local));
      expect(isValidationError(error)).toBe(true);
      const issues = (error as ValidationError).issues;
      expect(issues.map((i) => [formatPath(i.path), i.code])).toEqual([
        ['scenes[0].background.source_url', 'local_asset'],
        ['scenes[0].clips[1].source_url', 'local_asset'],
      ]);
      expect(issues[1]?.message).toBe(
        'source_url "assets/logo.svg" is a relative path on your disk, which the service cannot fetch: upload the ' +
          'file and use its http(s) address (compile with `assetBaseUrl` to map the asset folder)',
      );
    }
    expect(seen).toHaveLength(0);
  });

  it('reads credentials and base addresses from the environment', async () => {
    replies = [reply(200, { success: true, cube_used: 3, key: 'L-1' })];
    const legacy = createClient({
      env: { VSYNTH_TOKEN: 'tok-ENV-9999', VSYNTH_BASE_URL: 'http://127.0.0.1:4010', VSYNTH_LEGACY_BASE_URL: baseUrl },
    });
    const answer = await legacy.createLegacyProject({
      scenes: [
        {
          AIModel: { model: 'M1', clothes: 'C1', language: 'ko', script: '안녕', locationX: 0, locationY: 0 },
          clips: [],
        },
      ],
    });
    expect(answer).toMatchObject({ success: true, cube_used: 3, key: 'L-1' });
    expect(seen[0]?.url).toBe('/api/odin/editor/project');
    expect(seen[0]?.headers['authorization']).toBe('tok-ENV-9999');
  });

  it('says which variables to set when credentials or the base URL are missing', () => {
    expect(() => createClient({ env: {} })).toThrow(
      /Set VSYNTH_API_KEY \(or VSYNTH_TOKEN, or both VSYNTH_APP_ID and VSYNTH_USER_KEY\)/,
    );
    expect(() => createClient({ env: { VSYNTH_APP_ID: 'a' } })).toThrow(/VSYNTH_USER_KEY \(userKey\) is missing/);
    expect(() => createClient({ env: { VSYNTH_API_KEY: 'k' } })).toThrow(/Set VSYNTH_BASE_URL/);
    try {
      createClient({ env: {} });
    } catch (error) {
      expect(isVsynthError(error) && error.code).toBe('VSYNTH_CONFIG');
    }
  });

  it('posts modify, edit by key (encoded in the path) and legacy find with {}', async () => {
    replies = [reply(200, { projectId: 'p-3' })];
    const c = client();
    await c.modifyProject({ projectId: 'p-3', updates: { title_1: 'Tom & Jerry' }, isExport: false });
    await c.editProject('key/with space', {
      updates: { value: [{ sceneIdx: 0, type: 'textImage', values: { text: 'New' } }] },
    });
    replies = [reply(200, { key: 'k1', scenes: [] })];
    const found = await c.findLegacyProject('k1');
    expect(found).toEqual({ key: 'k1', scenes: [] });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/odin/v3/project/modify',
      'POST /api/odin/v3/editor/project/key%2Fwith%20space',
      'POST /api/odin/simple/find/k1',
    ]);
    expect(seen[2]?.body).toBe('{}');
  });

  it('sends legacy audio and returns whatever the service answers', async () => {
    replies = [reply(200, { success: true, audio: 'queued' })];
    const answer = await client().createLegacyAudio({
      language: 'ko',
      text: '안녕하세요',
      model: 'anna',
      webhook: 'http://127.0.0.1:9/h',
    });
    expect(answer).toEqual({ success: true, audio: 'queued' });
    expect(seen[0]?.url).toBe('/api/odin/simple/audio');
  });
});

describe('retries', () => {
  it('retries a GET on 5xx with backoff and jitter, then succeeds', async () => {
    replies = [
      reply(503, { message: 'busy' }),
      reply(502, 'bad gateway'),
      reply(200, { projectId: 'p', name: 'v.mp4', progress: 40 }),
    ];
    const progress = await client({ retry: { limit: 3, baseDelayMs: 100 } }).getDubbingProgress('f-1');
    expect(progress.progress).toBe(40);
    expect(seen).toHaveLength(3);
    expect(seen[0]?.url).toBe('/api/odin/v3/automation/translatevideos?folderId=f-1');
    // equal jitter with random 0.5: 100/2 + 0.5*100/2 = 75, then 200 → 150
    expect(sleeps).toEqual([75, 150]);
  });

  it('honours Retry-After on a 429', async () => {
    replies = [
      reply(429, { message: 'slow down' }, { 'retry-after': '7' }),
      reply(200, { progress: 100, download_url: 'http://x/v.mp4' }),
    ];
    const progress = await client().getDubbingProgress('f-1');
    expect(progress.download_url).toBe('http://x/v.mp4');
    expect(sleeps).toEqual([7000]);
  });

  it('gives up after the retry limit with a transient ApiError', async () => {
    replies = [reply(503, { message: 'down for maintenance' })];
    const error = (await rejection(client({ retry: 2 }).getDubbingProgress('f-1'))) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(503);
    expect(error.transient).toBe(true);
    expect(error.message).toBe(
      'Request failed with status 503 Service Unavailable: GET /api/odin/v3/automation/translatevideos: down for maintenance. The service failed; try again later',
    );
    expect(seen).toHaveLength(3);
  });

  it('gives up at once when Retry-After is longer than maxRetryAfterMs', async () => {
    replies = [reply(429, { message: 'quota' }, { 'retry-after': '120' }), reply(200, { progress: 1 })];
    const error = (await rejection(
      client({ retry: { maxRetryAfterMs: 60_000 } }).getDubbingProgress('f-1'),
    )) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(120_000);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('stops waiting between retries when the caller aborts, and tells onRetry first', async () => {
    replies = [reply(503, { message: 'busy' }), reply(200, { progress: 1 })];
    const controller = new AbortController();
    const retries: [number, number, boolean][] = [];
    const c = client({
      onRetry: ({ attempt, delayMs, error }) => retries.push([attempt, delayMs, isApiError(error)]),
      sleep: async (_ms, signal) => {
        controller.abort();
        throw signal?.reason;
      },
    });
    const error = await rejection(c.getDubbingProgress('f-1', { signal: controller.signal }));
    expect(isVsynthError(error) && error.code).toBe('VSYNTH_ABORTED');
    expect(retries).toEqual([[1, 225, true]]);
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 404', async () => {
    replies = [reply(404, { message: 'no such folder' })];
    const error = (await rejection(client().getDubbingProgress('f-x'))) as ApiError;
    expect(error.status).toBe(404);
    expect(error.transient).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('retries a GET whose connection drops', async () => {
    replies = [dropConnection, reply(200, { progress: 5 })];
    const progress = await client().getDubbingProgress('f-1');
    expect(progress.progress).toBe(5);
    expect(seen).toHaveLength(2);
  });

  it('never retries a POST on 5xx or 429', async () => {
    replies = [reply(503, { message: 'busy' })];
    const error = (await rejection(client().createProject(payload))) as ApiError;
    expect(error.status).toBe(503);
    expect(seen).toHaveLength(1);
    replies = [reply(429, {}, { 'retry-after': '3' })];
    seen = [];
    const limited = (await rejection(client().modifyProject({ projectId: 'p', updates: { title: 'x' } }))) as ApiError;
    expect(limited.status).toBe(429);
    expect(limited.retryAfterMs).toBe(3000);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('reports a POST whose answer was lost as a NetworkError warning about double spending', async () => {
    replies = [dropConnection];
    const error = await rejection(client().createProject(payload));
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Network error on POST /api/odin/v3/editor/project: the connection was closed before an answer arrived. The service may or may not have processed the request; sending it again could spend cubes twice. Check the project list (or the sandbox ledger) before resending.',
    );
    expect(seen).toHaveLength(1);
  });

  it('reports a refused connection as a NetworkError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await rejection(
      createClient({ apiKey: 'k-1234', baseUrl: `http://127.0.0.1:${port}`, env: {}, retry: false }).getDubbingProgress(
        'f',
      ),
    );
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toContain('connection refused');
  });

  it('times out with a TimeoutError', async () => {
    replies = [never];
    const error = await rejection(client({ timeoutMs: 50 }).createProject(payload));
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'POST /api/odin/v3/editor/project timed out after 50 ms. Raise timeoutMs or try again later.',
    );
  });

  it('stops when the caller aborts', async () => {
    replies = [never];
    const controller = new AbortController();
    const pending = client().createProject(payload, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(pending);
    expect(isVsynthError(error) && error.code).toBe('VSYNTH_ABORTED');
  });
});

describe('issued tokens', () => {
  it('issues a token, caches it, and renews it 24 h after issue minus the margin', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const issued: string[] = [];
    const c = client({
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'user-key-SECRET',
      clock: () => now,
      issueToken: async (appId, userKey) => {
        const token = `tok-${issued.length + 1}-for-${appId}`;
        issued.push(`${appId}:${userKey}`);
        return { token };
      },
    });
    replies = [reply(200, { progress: 1 })];
    await c.getDubbingProgress('f');
    await c.getDubbingProgress('f');
    now += 23 * 60 * 60 * 1000;
    await c.getDubbingProgress('f');
    now += 56 * 60 * 1000; // 23h56m: inside the 5 min margin
    await c.getDubbingProgress('f');
    expect(issued).toEqual(['app-1:user-key-SECRET', 'app-1:user-key-SECRET']);
    expect(seen.map((s) => s.headers['authorization'])).toEqual([
      'tok-1-for-app-1',
      'tok-1-for-app-1',
      'tok-1-for-app-1',
      'tok-2-for-app-1',
    ]);
  });

  it('re-issues the token and retries a POST once on a 401', async () => {
    let count = 0;
    const c = client({
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'uk-123456',
      issueToken: async () => ({ token: `tok-${++count}` }),
    });
    replies = [reply(401, { message: 'token expired' }), reply(200, { projectId: 'p-9' })];
    const result = await c.createProject(payload);
    expect(result.projectId).toBe('p-9');
    expect(seen.map((s) => s.headers['authorization'])).toEqual(['tok-1', 'tok-2']);
    expect(seen[1]?.body).toBe(seen[0]?.body);
  });

  it('re-issues the token after a 401 on a GET even with retries turned off', async () => {
    let count = 0;
    const c = client({
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'uk-123456',
      retry: false,
      issueToken: async () => ({ token: `tok-${++count}` }),
    });
    replies = [reply(401, { message: 'token expired' }), reply(200, { progress: 30 })];
    expect((await c.getDubbingProgress('f-1')).progress).toBe(30);
    expect(seen.map((s) => s.headers['authorization'])).toEqual(['tok-1', 'tok-2']);
    expect(sleeps).toEqual([]);
  });

  it('gives up after one refresh when the service keeps answering 401', async () => {
    let count = 0;
    const c = client({
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'uk-123456',
      issueToken: async () => ({ token: `tok-${++count}` }),
    });
    replies = [reply(401, { message: 'unknown token' })];
    const error = (await rejection(c.createProject(payload))) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toContain('check VSYNTH_API_KEY, VSYNTH_TOKEN or VSYNTH_APP_ID/VSYNTH_USER_KEY');
    expect(seen).toHaveLength(2);
  });

  it('does not retry a 401 for a fixed API key', async () => {
    replies = [reply(401, { message: 'unknown key' })];
    const error = (await rejection(client().createProject(payload))) as ApiError;
    expect(error.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('shares one issuing request between concurrent calls', async () => {
    let count = 0;
    const c = client({
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'uk-123456',
      issueToken: async () => {
        count += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { token: 'tok-shared' };
      },
    });
    replies = [reply(200, { progress: 1 })];
    await Promise.all([c.getDubbingProgress('a'), c.getDubbingProgress('b'), c.getDubbingProgress('c')]);
    expect(count).toBe(1);
  });
});
