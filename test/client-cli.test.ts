/**
 * The real `vsynth` CLI, spawned as users run it, against a sandbox on 127.0.0.1: JSON on
 * stdout, messages on stderr, and the exit codes build scripts rely on.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { correlateWebhookUrl } from '@vsynth/core';
import { startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { REPO_ROOT, VSYNTH_NODE_ARGS, runVsynth, type VsynthRun as Run } from './run-vsynth.js';

const ROOT = REPO_ROOT;
const CLI = VSYNTH_NODE_ARGS;
const KEY = 'key-cli-0001';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-cli-'));
  sandbox = await startSandbox({
    dataDir: join(dir, 'data'),
    apiKeys: [KEY],
    exportSeconds: 0,
    dubbingPolls: 2,
    fsync: false,
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    // The run's own cache (vitest.config.ts): the listener keeps its settled ids there.
    XDG_CACHE_HOME: process.env['XDG_CACHE_HOME'],
    VSYNTH_BASE_URL: sandbox.url,
    VSYNTH_API_KEY: KEY,
  };
  return { ...base, ...extra };
}

function vsynth(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return runVsynth(args, { env: env(extraEnv), inheritEnv: false });
}

describe('vsynth client commands', () => {
  it('submit compiles a .tsx video, waits for the webhook and prints where the artifact is', async () => {
    const run = await vsynth(['submit', 'examples/hello.tsx', '--wait', '--wait-timeout', '30']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      projectId: string;
      delivery: { videoUrl: string; duration: number; location: string };
    };
    expect(result.projectId).toMatch(/\S/);
    expect(result.delivery.location).toContain(result.projectId);
    expect(result.delivery.duration).toBeGreaterThan(0);
    expect((await fetch(result.delivery.videoUrl)).status).toBe(200);
    expect(run.stderr).toContain(`accepted: {"projectId":"${result.projectId}"}; waiting for the webhook delivery`);
    // The listener answered 200 before the command closed it: one attempt, not retries to a closed port.
    let webhook: { status: string; attempts: number } | undefined;
    for (let i = 0; i < 100 && webhook?.status !== 'delivered'; i++) {
      const project = (await (
        await fetch(`${sandbox.url}/sandbox/projects/${result.projectId}`, { headers: { authorization: KEY } })
      ).json()) as {
        exports: { webhook: { status: string; attempts: number } }[];
      };
      webhook = project.exports[0]?.webhook;
      if (webhook?.status !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(webhook).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('submit --wait stops on Ctrl-C with exit 5, after printing what was accepted', async () => {
    // The delivery goes to an address where nobody listens, so the wait would never end.
    const child = spawn(
      process.execPath,
      [
        ...CLI,
        'submit',
        'examples/payloads/create-variant-a.json',
        '--wait',
        '--webhook-url',
        'http://127.0.0.1:9/hook',
      ],
      {
        cwd: ROOT,
        env: env(),
      },
    );
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('waiting for the webhook delivery')) resolve();
      });
    });
    child.kill('SIGINT');
    expect(await exited).toBe(5);
    expect(stdout).toBe('');
    const projectId = /accepted: \{"projectId":"([0-9a-f]{24})"\}/.exec(stderr)?.[1];
    expect(projectId).toBeDefined();
    expect(stderr).toContain(
      `vsynth: Stopped waiting for the webhook delivery (interrupted). The request was accepted ({"projectId":"${projectId}"}) and the export goes on; its delivery will find no listener here.`,
    );
  });

  it('dub uploads from a path and --wait prints the finished job (progress of each poll on stderr)', async () => {
    const video = join(dir, 'talk.mp4');
    await writeFile(video, Buffer.alloc(50_000, 1));
    const run = await vsynth(['dub', video, '--to', 'es-ES,fr-FR', '--speakers', '2', '--wait', '--interval', '1']);
    expect(run.code).toBe(0);
    const done = JSON.parse(run.stdout) as { folderId: string; progress: number; download_url: string };
    expect(done.progress).toBe(100);
    expect(run.stderr).toContain(`uploaded; folderId ${done.folderId}`);
    expect(run.stderr).toContain(`dubbing ${done.folderId}: 100%`);
    expect((await fetch(done.download_url)).status).toBe(200);
  });

  it('exits 3 for invalid input, 2 for missing configuration and 4 for a refused key, printing no secret', async () => {
    const video = join(dir, 'exits.mp4');
    await writeFile(video, Buffer.alloc(1000, 1));
    const [bad, noKey, refused] = await Promise.all([
      vsynth(['dub', video, '--to', 'es-ES,xx-XX', '--speakers', '9']),
      vsynth(['progress', 'f-1'], { VSYNTH_API_KEY: '' }),
      vsynth(['audio', '--text', '안녕하세요', '--model', 'anna', '--language', 'ko'], {
        VSYNTH_API_KEY: 'key-not-known-7777',
      }),
    ]);
    expect(bad.code).toBe(3);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('"xx-XX" is not a language code of the spec');
    expect(bad.stderr).toContain('numberOfSpeakers must be auto or a whole number from 1 to 5, got "9"');

    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('Set VSYNTH_API_KEY');

    expect(refused.code).toBe(4);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('Request failed with status 401 Unauthorized: POST /api/odin/simple/audio');
    expect(refused.stderr).not.toContain('key-not-known-7777');
  });

  it('webhook listen prints one JSON line per delivery and stops on SIGTERM', async () => {
    const secret = 'cli-listen-secret';
    const child = spawn(process.execPath, [...CLI, 'webhook', 'listen', '--secret', secret], { cwd: ROOT, env: env() });
    const lines = createInterface({ input: child.stdout });
    const stdout: string[] = [];
    lines.on('line', (line) => stdout.push(line));
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stderr.on('data', (c: Buffer) => {
        text += c.toString();
        const match = /listening for webhook deliveries on (\S+)/.exec(text);
        if (match?.[1] !== undefined) resolve(match[1].replace(/;$/, ''));
      });
      child.on('close', () => reject(new Error(`listener exited: ${text}`)));
    });
    const address = new URL(correlateWebhookUrl(url, { id: 'cli-1', secret }));
    address.searchParams.set('ai_progress_update_loc', 'projects/p-1');
    address.searchParams.set('videoUrl', 'https://cdn.example/p-1.mp4');
    address.searchParams.set('duration', '8.5');
    expect((await fetch(address)).status).toBe(200);
    expect((await fetch(address, { method: 'POST' })).status).toBe(200);
    const forged = new URL(address);
    forged.searchParams.set('vs_sig', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(401);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.map((line) => JSON.parse(line) as unknown)).toEqual([
      { location: 'projects/p-1', videoUrl: 'https://cdn.example/p-1.mp4', duration: 8.5, correlationId: 'cli-1' },
    ]);
  });

  describe('the webhook secret with surrounding white space', () => {
    /** Halves of the secret: output holding either one leaked it. */
    const HEAD = 'whsec-SPACED';
    const TAIL = '9d1e47c0';
    const SECRET = `${HEAD}-${TAIL}`;
    const children: ReturnType<typeof spawn>[] = [];
    afterEach(() => {
      for (const child of children.splice(0))
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    /** A running `vsynth webhook listen`: its address, the deliveries it printed and its stderr so far. */
    async function listen(args: readonly string[], extraEnv: Record<string, string>) {
      const child = spawn(process.execPath, [...CLI, 'webhook', 'listen', ...args], { cwd: ROOT, env: env(extraEnv) });
      children.push(child);
      const out = { stdout: '', stderr: '' };
      child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          out.stderr += c.toString();
          const match = /listening for webhook deliveries on (\S+?);? /.exec(out.stderr);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.on('close', () => reject(new Error(`listener exited: ${out.stderr}`)));
      });
      const deliveries = () =>
        out.stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { correlationId?: string; location: string });
      const stop = async () => {
        const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
        child.kill('SIGTERM');
        return exited;
      };
      return { url, out, deliveries, stop };
    }

    /**
     * A command run to its end, killed by afterEach if it never ends (a listener that should have refused to start).
     */
    function runTracked(args: readonly string[], extraEnv: Record<string, string>): Promise<Run> {
      const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: env(extraEnv) });
      children.push(child);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
    }

    function expectNoSecret(...texts: string[]): void {
      for (const text of texts) {
        expect(text).not.toContain(HEAD);
        expect(text).not.toContain(TAIL);
      }
    }

    it('signs in submit --webhook-url and verifies in webhook listen as one secret, whichever side has the white space', async () => {
      // A CRLF .env file on the listening side; the senders' shells hold it bare and padded.
      const listener = await listen([], { VSYNTH_WEBHOOK_SECRET: ` ${SECRET}\r\n` });
      expect(listener.out.stderr).toContain('(signatures checked)');
      const sends = await Promise.all(
        [SECRET, `\t${SECRET} `].map((spelling) =>
          vsynth(['submit', 'examples/payloads/create-variant-a.json', '--webhook-url', listener.url], {
            VSYNTH_WEBHOOK_SECRET: spelling,
          }),
        ),
      );
      const ids = sends.map((run) => {
        expect(run.code, run.stderr).toBe(0);
        const id = /webhook correlation id: (\S+)/.exec(run.stderr)?.[1];
        expect(id, run.stderr).toBeDefined();
        return id!;
      });
      for (let i = 0; i < 500 && listener.deliveries().length < ids.length; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(
        listener
          .deliveries()
          .map((delivery) => delivery.correlationId)
          .sort(),
      ).toEqual([...ids].sort());
      for (const [index, run] of sends.entries()) {
        const { projectId } = JSON.parse(run.stdout) as { projectId: string };
        expect(listener.deliveries().find((delivery) => delivery.correlationId === ids[index])?.location).toContain(
          projectId,
        );
      }
      // The listener verifies under the trimmed secret only: a signature under the padded bytes is refused.
      const padded = new URL(correlateWebhookUrl(listener.url, { id: 'padded-1', secret: ` ${SECRET}\r\n` }));
      padded.searchParams.set('ai_progress_update_loc', 'projects/p-9');
      padded.searchParams.set('videoUrl', 'https://cdn.example/p-9.mp4');
      padded.searchParams.set('duration', '3');
      expect((await fetch(padded)).status).toBe(401);
      expect(await listener.stop()).toBe(0);
      expectNoSecret(listener.out.stdout, listener.out.stderr, ...sends.flatMap((run) => [run.stdout, run.stderr]));
    }, 30_000);

    it('webhook listen --secret ignores surrounding white space too', async () => {
      const listener = await listen(['--secret', `  ${SECRET}\t`], {});
      const address = new URL(correlateWebhookUrl(listener.url, { id: 'flag-1', secret: SECRET }));
      address.searchParams.set('ai_progress_update_loc', 'projects/p-2');
      address.searchParams.set('videoUrl', 'https://cdn.example/p-2.mp4');
      address.searchParams.set('duration', '4');
      expect((await fetch(address)).status).toBe(200);
      expect(await listener.stop()).toBe(0);
      expect(listener.deliveries()).toEqual([
        { location: 'projects/p-2', videoUrl: 'https://cdn.example/p-2.mp4', duration: 4, correlationId: 'flag-1' },
      ]);
      expectNoSecret(listener.out.stdout, listener.out.stderr);
    }, 30_000);

    it('webhook listen --secret that is empty or only white space is a usage error (exit 2) saying what to do, even with the variable set', async () => {
      const [empty, blank] = await Promise.all([
        runTracked(['webhook', 'listen', '--secret', ''], { VSYNTH_WEBHOOK_SECRET: SECRET }),
        runTracked(['webhook', 'listen', '--secret', ' \t '], { VSYNTH_WEBHOOK_SECRET: SECRET }),
      ]);
      expect(empty).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'vsynth: --secret is empty: give the secret the webhook addresses were signed with, or leave --secret out to use $VSYNTH_WEBHOOK_SECRET.\n',
      });
      expect(blank).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'vsynth: --secret is only white space: give the secret the webhook addresses were signed with, or leave --secret out to use $VSYNTH_WEBHOOK_SECRET.\n',
      });
    }, 15_000);
  });
});
