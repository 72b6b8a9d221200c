/**
 * The real `vsynth` CLI, spawned as users run it, against a sandbox on 127.0.0.1: JSON on
 * stdout, messages on stderr, and the exit codes build scripts rely on.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), apiKeys: [KEY], exportSeconds: 0, dubbingPolls: 2, fsync: false });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});


function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: process.env['HOME'], VSYNTH_BASE_URL: sandbox.url, VSYNTH_API_KEY: KEY };
  return { ...base, ...extra };
}

function vsynth(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return runVsynth(args, { env: env(extraEnv), inheritEnv: false });
}

describe('vsynth client commands', () => {
  it('submit compiles a .tsx video, waits for the webhook and prints where the artifact is', async () => {
    const run = await vsynth(['submit', 'examples/hello.tsx', '--wait', '--wait-timeout', '30']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { projectId: string; delivery: { videoUrl: string; duration: number; location: string } };
    expect(result.projectId).toMatch(/\S/);
    expect(result.delivery.location).toContain(result.projectId);
    expect(result.delivery.duration).toBeGreaterThan(0);
    expect((await fetch(result.delivery.videoUrl)).status).toBe(200);
    expect(run.stderr).toContain(`accepted: {"projectId":"${result.projectId}"}; waiting for the webhook delivery`);
    // The listener answered 200 before the command closed it: one attempt, not retries to a closed port.
    let webhook: { status: string; attempts: number } | undefined;
    for (let i = 0; i < 100 && webhook?.status !== 'delivered'; i++) {
      const project = (await (await fetch(`${sandbox.url}/sandbox/projects/${result.projectId}`, { headers: { authorization: KEY } })).json()) as {
        exports: { webhook: { status: string; attempts: number } }[];
      };
      webhook = project.exports[0]?.webhook;
      if (webhook?.status !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(webhook).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('submit --wait stops on Ctrl-C with exit 5, after printing what was accepted', async () => {
    // The delivery goes to an address where nobody listens, so the wait would never end.
    const child = spawn(process.execPath, [...CLI, 'submit', 'examples/payloads/create-variant-a.json', '--wait', '--webhook-url', 'http://127.0.0.1:9/hook'], {
      cwd: ROOT,
      env: env(),
    });
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
      vsynth(['audio', '--text', '안녕하세요', '--model', 'anna', '--language', 'ko'], { VSYNTH_API_KEY: 'key-not-known-7777' }),
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
});
