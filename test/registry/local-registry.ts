/**
 * A Verdaccio registry for registry.test.ts: started from serve-verdaccio.mjs with its storage in
 * `work`, a publishing user, and the environment that makes npm, npx and pnpm use it and only it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LocalRegistry {
  readonly url: string;
  /** The upstream registry every package other than `@vsynth/*` and `create-vsynth` comes from. */
  readonly upstream: string;
  /** A new user's environment, none of the caller's npm settings: this registry only, an empty cache in `work`. */
  readonly env: NodeJS.ProcessEnv;
  /** The maintainer's for `pnpm release`: this registry, a publishing token, no git checks. */
  readonly releaseEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const SERVE = fileURLToPath(new URL('./serve-verdaccio.mjs', import.meta.url));

/** The registry npm is configured with here (`npm config get registry`), e.g. https://registry.npmjs.org/. */
export function configuredRegistry(): string {
  const url = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return url.endsWith('/') ? url : `${url}/`;
}

export async function startLocalRegistry(work: string): Promise<LocalRegistry> {
  const upstream = configuredRegistry();
  const storage = path.join(work, 'verdaccio');
  mkdirSync(storage, { recursive: true });
  const child = spawn(process.execPath, [SERVE, storage, upstream], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  try {
    const url = await firstUrl(child);
    const token = await addUser(url);
    const npmrc = path.join(work, 'npmrc');
    writeFileSync(npmrc, `registry=${url}\n`);
    // A file, not an environment variable: `pnpm run` blanks npm_config_git_checks for its scripts.
    const releaseNpmrc = path.join(work, 'release.npmrc');
    writeFileSync(
      releaseNpmrc,
      `registry=${url}\n${url.replace(/^https?:/, '')}:_authToken=${token}\ngit-checks=false\n`,
    );
    writeFileSync(path.join(work, 'npmrc-global'), '');
    const inherited = Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|NODE_OPTIONS$)/i.test(key));
    const base: NodeJS.ProcessEnv = {
      ...Object.fromEntries(inherited),
      npm_config_globalconfig: path.join(work, 'npmrc-global'),
      npm_config_registry: url,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      NO_COLOR: '1',
    };
    const env = { ...base, npm_config_userconfig: npmrc, npm_config_cache: path.join(work, 'npm-cache') };
    const releaseEnv = { ...base, npm_config_userconfig: releaseNpmrc };
    return { url, upstream, env, releaseEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function firstUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0] ?? '') as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`verdaccio exited with ${code}: ${out}${err}`)));
  });
}

/** Registers the publishing user (`npm adduser` over HTTP); resolves with its token. */
async function addUser(url: string): Promise<string> {
  const response = await fetch(`${url}-/user/org.couchdb.user:vsynth-release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'vsynth-release', password: 'local-registry-only' }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 201 || body.token === undefined)
    throw new Error(`verdaccio refused the user: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}
