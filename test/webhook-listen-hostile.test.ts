/**
 * The real `vsynth webhook listen` against hostile senders: a correlation id and values made to
 * drive the terminal stay escaped on its stderr line, a replayed signed address with other values
 * is refused across a restart, and a sender that never finishes its body does not keep the command
 * from stopping.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { correlateWebhookUrl, signCorrelationId } from '@vsynth/core';
import { REPO_ROOT, VSYNTH_NODE_ARGS } from './run-vsynth.js';

const SECRET = 'whsec-hostile-3c71e0';
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** `vsynth webhook listen` with what it printed so far, its address and its exit. */
async function listen(args: readonly string[] = []) {
  const child = spawn(process.execPath, [...VSYNTH_NODE_ARGS, 'webhook', 'listen', ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      XDG_CACHE_HOME: process.env['XDG_CACHE_HOME'],
      NO_COLOR: '1',
      VSYNTH_WEBHOOK_SECRET: SECRET,
    },
  });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = async (count: number): Promise<string[]> => {
    while (out.stderr.split('\n').length <= count) {
      if (child.exitCode !== null) throw new Error(`exited: ${out.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return out.stderr.split('\n').slice(0, count);
  };
  const url = /listening for webhook deliveries on (\S+) /.exec((await lines(1))[0]!)![1]!;
  return { child, out, exited, lines, url };
}

describe('vsynth webhook listen against hostile senders', () => {
  it('prints a hostile correlation id and duration escaped, one line each, nothing on stdout', async () => {
    const run = await listen();
    const cid = 'r\u009b2J\u0085vsynth: fake\u2028\u001b[31m';
    const forged = new URL(run.url);
    forged.searchParams.set('vs_cid', cid);
    forged.searchParams.set('vs_sig', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(401);
    const signed = new URL(run.url);
    signed.searchParams.set('vs_cid', cid);
    signed.searchParams.set('vs_sig', signCorrelationId(cid, SECRET));
    signed.searchParams.set('ai_progress_update_loc', 'p-1');
    signed.searchParams.set('videoUrl', 'https://cdn.example/1.mp4');
    signed.searchParams.set('duration', '\u009b2J\u00853');
    expect((await fetch(signed)).status).toBe(400);
    const [, first, second] = await run.lines(3);
    const id = '"r\\u009b2J\\u0085vsynth: fake\\u2028\\u001b[31m"';
    expect(first).toBe(
      `vsynth: refused a webhook delivery (cid ${id}, HTTP 401): vs_sig does not verify: the sender signed with another secret (or the delivery is forged); check VSYNTH_WEBHOOK_SECRET on both ends`,
    );
    expect(second).toBe(
      `vsynth: refused a webhook delivery (cid ${id}, HTTP 400): malformed delivery (duration must be a decimal number as text (e.g. 12.5), received "\\u009b2J\\u00853"): the sender must append ai_progress_update_loc, videoUrl and duration to the address it was given`,
    );
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.out.stdout).toBe('');
    expect(run.out.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  }, 30_000);

  it('refuses a replayed signed address with another videoUrl or duration, also after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vsynth-settled-cli-'));
    try {
      const settled = ['--settled-file', join(dir, 'settled.txt')];
      const at = (url: string, values: Record<string, string>) => {
        const address = new URL(correlateWebhookUrl(url, { id: 'row-7', secret: SECRET }));
        for (const [name, value] of Object.entries(values)) address.searchParams.set(name, value);
        return address;
      };
      const good = { ai_progress_update_loc: 'p-1', videoUrl: 'https://cdn.example/1.mp4', duration: '3' };
      let run = await listen(settled);
      expect((await fetch(at(run.url, { ...good, videoUrl: 'javascript:alert(1)' }))).status).toBe(401);
      expect((await fetch(at(run.url, { ...good, duration: '99999999' }))).status).toBe(401);
      expect((await fetch(at(run.url, good))).status).toBe(200);
      const [, first, second] = await run.lines(3);
      expect(first).toBe(
        'vsynth: refused a webhook delivery (cid row-7, HTTP 401): videoUrl "javascript:alert(1)" is not an https address (http only on this machine); the delivery is not from the service',
      );
      expect(second).toBe(
        'vsynth: refused a webhook delivery (cid row-7, HTTP 401): duration 99999999 is not a number of seconds from 0 to 86400; the delivery is not from the service',
      );
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.out.stdout.trim().split('\n')).toHaveLength(1);

      run = await listen(settled);
      const replay = await fetch(at(run.url, { ...good, videoUrl: 'https://attacker.example/evil.mp4' }));
      expect(replay.status).toBe(409);
      expect(await (await fetch(at(run.url, good))).json()).toEqual({ ok: true, duplicate: true });
      const [, refused] = await run.lines(2);
      expect(refused).toBe(
        'vsynth: refused a webhook delivery (cid row-7, HTTP 409): this correlation id was already settled by a delivery with other values; a replay of its signed address is ignored',
      );
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.out.stdout).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('stops on SIGTERM while a sender is still sending its body, saying the request was cut', async () => {
    const run = await listen();
    const socket = net.connect(Number(new URL(run.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`POST /?vs_cid=row-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nai_progress`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // Before, the listener waited for the body until node:http's request timeout (300 s).
    expect(Date.now() - stopping).toBeLessThan(5000);
    expect(run.out.stderr.split('\n').slice(1)).toEqual([
      'vsynth: refused a webhook delivery (cid row-1, HTTP 500): the listener was closed before the whole request arrived; the sender may send it again',
      'stopped',
      '',
    ]);
    socket.destroy();
  }, 30_000);
});
