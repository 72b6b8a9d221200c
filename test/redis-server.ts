/**
 * A real redis-server for the queue tests: a free loopback port, a temporary directory, stopped
 * by `stop()` (call it in afterAll). `redisMissing` says why the tests skip when the server is not
 * installed (`.ci/run` installs Debian's redis-server).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why the queue tests cannot run here, or undefined when redis-server is installed. */
export const redisMissing: string | undefined =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'redis-server is not installed (apt-get install redis-server)';

export interface TestRedis {
  readonly port: number;
  readonly url: string;
  readonly dir: string;
  /** Kills the server (SIGKILL: what is not persisted is lost). */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory (reloading its append-only file, if on). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts redis-server on a free loopback port. `appendonly: true`: persist every write to an
 * append-only file fsynced each write (survives `kill()`); `false`: nothing saved (a restart empties
 * it, and `vsynth batch --queue` refuses it); default an append-only file fsynced each second.
 *
 * @example const redis = await startRedis(); … await redis.stop();
 */
export async function startRedis(options: { appendonly?: boolean } = {}): Promise<TestRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'vsynth-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--daemonize',
    'no',
    '--loglevel',
    'warning',
    ...(options.appendonly === true
      ? ['--appendonly', 'yes', '--appendfsync', 'always']
      : options.appendonly === false
        ? ['--appendonly', 'no']
        : ['--appendonly', 'yes', '--appendfsync', 'everysec']),
  ];
  const launch = async () => {
    child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${port}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    dir,
    kill,
    restart: launch,
    async stop() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on 127.0.0.1 (for a listener a test names in advance). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}
