import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { api, CREATE, tempDir, variantA } from './sandbox-helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function cli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--conditions=@vsynth/source', '--import', 'tsx', 'packages/cli/src/index.ts', 'sandbox', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  const started = new Promise<{
    url: string;
    apiKeys: string[];
    apps: { appId: string; userKey: string }[];
    dataDir: string;
  }>((resolve, reject) => {
    child.stdout.on('data', () => {
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line !== undefined) resolve(JSON.parse(line));
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before starting: ${stderr}`)));
  });
  started.catch(() => {});
  return { child, started, exited, output: () => ({ stdout, stderr }) };
}

describe('vsynth sandbox', () => {
  it('prints its URL and keys, serves requests, and exits 0 on SIGTERM', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const run = cli([
      '--port',
      '0',
      '--data-dir',
      dir.path,
      '--api-key',
      'dev-key-1',
      '--app',
      'my-app:my-user-key',
      '--export-seconds',
      '0',
    ]);
    const info = await run.started;
    expect(info).toMatchObject({
      apiKeys: ['dev-key-1'],
      apps: [{ appId: 'my-app', userKey: 'my-user-key' }],
      dataDir: dir.path,
    });
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await api(info.url, 'dev-key-1').post(CREATE, variantA(['from the CLI test']))).status).toBe(200);
    const token = (await api(info.url, null).post('/sandbox/token', { appId: 'my-app', userKey: 'my-user-key' })).body
      .token as string;
    expect((await api(info.url, token).get('/sandbox/ledger')).status).toBe(200);
    expect((await api(info.url, 'sandbox-key').get('/sandbox/ledger')).status).toBe(401);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const { stderr } = run.output();
    expect(stderr).toContain(`vsynth sandbox listening on ${info.url} (v3 and legacy paths)`);
    expect(stderr).toContain('API key: dev-key-1');
    expect(stderr).toContain(
      `export VSYNTH_BASE_URL=${info.url} VSYNTH_LEGACY_BASE_URL=${info.url} VSYNTH_API_KEY=dev-key-1`,
    );
    expect(stderr).toContain('sandbox: SIGTERM, stopping\n');
    expect(stderr.endsWith('sandbox: stopped\n')).toBe(true);
    expect(stderr).not.toContain(token);
  });

  it('uses the documented default keys and stops on SIGINT too', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const run = cli(['--port', '0', '--data-dir', dir.path, '--quiet']);
    const info = await run.started;
    expect(info.apiKeys).toEqual(['sandbox-key']);
    expect(info.apps).toEqual([{ appId: 'sandbox-app', userKey: 'sandbox-user-key' }]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output().stderr).toBe('');
  });

  it('rejects a bad flag value with exit 2, naming the accepted range', async () => {
    const run = cli(['--fault-429', '2']);
    expect(await run.exited).toBe(2);
    expect(run.output().stderr).toContain('--fault-429 takes a number from 0 to 1, got "2".');
  });

  it('exits 2 when the data directory is held by another sandbox', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const first = cli(['--port', '0', '--data-dir', dir.path, '--quiet']);
    await first.started;
    const second = cli(['--port', '0', '--data-dir', dir.path, '--quiet']);
    expect(await second.exited).toBe(2);
    expect(second.output().stderr).toContain(
      `vsynth: The sandbox data directory ${dir.path} is in use by another sandbox (pid ${first.child.pid}).`,
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
});
