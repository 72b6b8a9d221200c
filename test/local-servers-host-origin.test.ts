/**
 * The studio and the sandbox answer only the Hosts they know and no other site's pages: a page on
 * another site whose DNS name is rebound to 127.0.0.1 gets 403 and no data. The studio's row is
 * each page's own.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runVsynth } from './run-vsynth.js';
import { api, sandboxProcess, tempDir, testSandbox } from './sandbox-helpers.js';
import { linkDependencies, startStudioCli, type StudioProcess } from './studio-helpers.js';

interface RawReply {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** A GET with the `Host` and `Origin` a browser on another site would send (fetch cannot set `Host`). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: 'sandbox-key', ...headers } }, (response) => {
      if (String(response.headers['content-type']).startsWith('text/event-stream') && response.statusCode === 200) {
        response.destroy();
        resolve({ status: 200, headers: response.headers, body: '' });
        return;
      }
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

const corsHeaders = (reply: RawReply) => Object.keys(reply.headers).filter((name) => name.startsWith('access-control'));

describe('vsynth studio --data customers.csv', { timeout: 60_000 }, () => {
  let dir: string;
  let studio: StudioProcess;
  let port: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vsynth-studio-hosts-'));
    await mkdir(path.join(dir, 'batch'));
    await cp(path.join(REPO_ROOT, 'examples/avatars.ts'), path.join(dir, 'avatars.ts'));
    await cp(path.join(REPO_ROOT, 'examples/batch/create-per-row'), path.join(dir, 'batch/create-per-row'), {
      recursive: true,
    });
    await linkDependencies(dir);
    studio = await startStudioCli(
      [
        'batch/create-per-row/welcome.tsx',
        '--data',
        'batch/create-per-row/customers.csv',
        '--allowed-host',
        'studio.test',
        '--no-open',
      ],
      { cwd: dir },
    );
    port = new URL(studio.url).port;
  }, 60_000);
  afterAll(async () => {
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const paths = ['/', '/state.json?row=2', '/source?file=batch/create-per-row/customers.csv&line=2', '/events'];

  it.each(paths)('answers 403 to a foreign Host on %s, with nothing of the data', async (pathname) => {
    const reply = await rawGet(new URL(pathname, studio.url).href, { host: `attacker.example:${port}` });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body)).toEqual({
      error:
        `Host "attacker.example:${port}" is not a name this studio answers to (localhost, *.localhost, IP addresses, ` +
        'studio.test); if you reach it by that name, start it with --allowed-host attacker.example',
    });
    expect(reply.body).not.toContain('Acme');
  });

  it.each(paths)('answers 403 to another site as Origin on %s, even with a Host it knows', async (pathname) => {
    for (const origin of ['http://attacker.example', `http://localhost:${Number(port) + 1}`, 'null']) {
      const reply = await rawGet(new URL(pathname, studio.url).href, { host: `127.0.0.1:${port}`, origin });
      expect(reply.status, origin).toBe(403);
      expect(JSON.parse(reply.body).error).toBe(
        `Origin ${JSON.stringify(origin)} is another site than this studio's own pages; it answers scripts and its own pages only`,
      );
    }
  });

  it.each(paths)('answers its own names, its own page as Origin and --allowed-host names on %s', async (pathname) => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST.:${port}`,
      'studio.test',
      `[::1]:${port}`,
    ]) {
      const reply = await rawGet(new URL(pathname, studio.url).href, { host, origin: `http://localhost:${port}` });
      expect(reply.status, host).toBe(200);
      expect(corsHeaders(reply)).toEqual([]);
    }
  });

  it('reads the row each page asks for, without changing what another page sees', async () => {
    const second = JSON.parse((await rawGet(new URL('/state.json?row=2', studio.url).href, {})).body);
    expect(second.row).toBe(2);
    const other = JSON.parse((await rawGet(new URL('/state.json', studio.url).href, {})).body);
    expect(other.row).toBe(1);
    expect(JSON.stringify(other.payloads.v3A)).not.toBe(JSON.stringify(second.payloads.v3A));
  });
});

describe('the sandbox and foreign Hosts and Origins', () => {
  it('answers 403 to a foreign Host or Origin with nothing of the ledger, and 200 to its own', async () => {
    const sandbox = await testSandbox({ allowedHosts: ['.sandbox.test'] });
    try {
      const port = new URL(sandbox.url).port;
      expect((await api(sandbox.url).post('/api/odin/v3/editor/project', { bad: true })).status).toBe(400);
      const ledger = `${sandbox.url}/sandbox/ledger`;
      const foreign = await rawGet(ledger, { host: `attacker.example:${port}` });
      expect(foreign.status).toBe(403);
      expect(JSON.parse(foreign.body)).toEqual({
        success: false,
        error: {
          code: 'forbidden',
          message:
            `Host "attacker.example:${port}" is not a name this sandbox answers to (localhost, *.localhost, IP addresses, ` +
            '.sandbox.test); if you reach it by that name, start it with --allowed-host (option allowedHosts) attacker.example',
          issues: [],
        },
      });
      const origin = await rawGet(ledger, { origin: 'http://attacker.example' });
      expect(origin.status).toBe(403);
      expect(JSON.parse(origin.body).error.code).toBe('forbidden');
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `a.sandbox.test:${port}`, 'sandbox.test']) {
        const reply = await rawGet(ledger, { host, origin: `http://${host.split(':')[0]}:${port}` });
        expect(reply.status, host).toBe(200);
        expect(corsHeaders(reply)).toEqual([]);
      }
    } finally {
      await sandbox.dispose();
    }
  });

  it('vsynth sandbox --allowed-host NAME answers that name, and refuses a value that is no host name', async () => {
    const dir = await tempDir();
    const { url, child, stopped } = await sandboxProcess(dir.path, ['--allowed-host', 'sandbox']);
    try {
      const port = new URL(url).port;
      expect((await rawGet(`${url}/sandbox/health`, { host: `sandbox:${port}` })).status).toBe(200);
      expect((await rawGet(`${url}/sandbox/health`, { host: `other:${port}` })).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
      await stopped;
      await dir.remove();
    }
    const bad = await runVsynth(['sandbox', '--allowed-host', 'http://sandbox:4010']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'expected a host name such as my-box.lan or .example.test (subdomains too), without scheme or port; got "http://sandbox:4010".',
    );
  });
});
