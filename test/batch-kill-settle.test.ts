import { existsSync, readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchFiles, ledger, sandboxEnv, spawnCli, testSandbox, type TestSandbox } from './batch-helpers.js';
import { runVsynth } from './run-vsynth.js';

let sandbox: TestSandbox | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  proxy?.close();
  proxy = undefined;
  await sandbox?.dispose();
  sandbox = undefined;
});

const CREATE = 'POST /api/odin/v3/editor/project';

/**
 * A TCP proxy to `port` that, while `hold()` says so, passes on the first connection and keeps every
 * later one's bytes to itself: a request that left the batch but never reached the service.
 */
async function holdingProxy(port: number, hold: () => boolean): Promise<{ server: Server; url: string }> {
  let connections = 0;
  const server = createServer((client: Socket) => {
    connections += 1;
    if (hold() && connections > 1) {
      client.on('data', () => {}).on('error', () => {});
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('vsynth batch killed with SIGKILL, settled by hand, resumed', () => {
  it('accepts every row exactly once after the unknown rows are settled against the ledger', async () => {
    // Until the kill the sandbox stores what reaches it but answers nothing, and the proxy lets only
    // the first request through: one row is accepted, the other never arrives; both end unknown.
    let holding = true;
    let release = () => {};
    const answers = new Promise<void>((resolve) => (release = resolve));
    sandbox = await testSandbox({ latencyMs: 1, sleep: () => (holding ? answers : Promise.resolve()) });
    const held = await holdingProxy(Number(new URL(sandbox.url).port), () => holding);
    proxy = held.server;
    const { template, data } = await createBatchFiles(sandbox.dir);
    const journal = join(sandbox.dir, 'people.journal.ndjson');
    const args = ['batch', '--template', template, '--data', data, '--key-column', 'email', '--journal', journal];
    args.push('--events', 'none');
    const env = { ...sandboxEnv(sandbox), VSYNTH_BASE_URL: held.url };

    const first = spawnCli(args, env);
    const attempts = () =>
      existsSync(journal) ? (readFileSync(journal, 'utf8').match(/"type":"attempt"/g) ?? []).length : 0;
    await until(async () => attempts() === 2 && (await ledger(sandbox!.url)).length === 1);
    first.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    holding = false;
    release();

    const listed = await runVsynth(['batch', 'unknown', '--journal', journal, '--json']);
    expect(listed.code).toBe(0);
    const unknown = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { row: number; projectName: string });
    expect(unknown.map((row) => row.row)).toEqual([1, 2]);
    // As a person reads the project list: a row whose name is there was accepted, the other never arrived.
    const creates = (await ledger(sandbox.url)).filter((entry) => entry.endpoint === CREATE);
    const verdicts: string[] = [];
    for (const row of unknown) {
      const found = creates.find((entry) => entry.body['name'] === row.projectName);
      const verdict = found === undefined ? ['--not-sent'] : ['--done', String(found.projectId)];
      verdicts.push(verdict[0]!);
      const settled = await runVsynth(['batch', 'settle', '--journal', journal, '--row', String(row.row), ...verdict]);
      expect(settled.code).toBe(0);
    }
    expect(verdicts.sort()).toEqual(['--done', '--not-sent']);

    const resumed = await runVsynth([...args, '--resume'], { env });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 2, skipped: 1, done: 1, submitted: 1, unknown: 0 });
    const names = (await ledger(sandbox.url)).filter((entry) => entry.endpoint === CREATE).map((e) => e.body['name']);
    expect(names.sort()).toEqual(unknown.map((row) => row.projectName).sort());
  }, 60_000);
});
