/**
 * Helpers of the batch end-to-end tests: a sandbox in a temporary directory, the greeting
 * example's rows and template, base projects, the ledger, and the spawned CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, isApiError, isNetworkError, type ProjectCreateRequest, type VsynthClient } from '@vsynth/core';
import { compileFile } from '@vsynth/jsx-runtime';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@vsynth/sandbox';
import { modifyTemplate, rowsFromFile, type BatchTemplate, type DataRow } from '@vsynth/templates';
import { REPO_ROOT, VSYNTH_NODE_ARGS } from './run-vsynth.js';

export const ROOT = REPO_ROOT;
export const GREETING = join(ROOT, 'examples/batch/greeting');

export interface TestSandbox extends RunningSandbox {
  readonly dir: string;
  readonly client: VsynthClient;
  dispose(): Promise<void>;
}

/** A sandbox on port 0 in a fresh directory; exports finish at once; the client talks to it with the default key. */
export async function testSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'vsynth-batch-e2e-'));
  const sandbox = await startSandbox({
    exportSeconds: 0,
    fsync: false,
    webhookRetry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
    dataDir: join(dir, 'sandbox'),
  });
  const client = createClient({ baseUrl: sandbox.url, apiKey: 'sandbox-key' });
  return Object.assign(sandbox, {
    dir,
    client,
    async dispose() {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

/**
 * Creates `n` base projects of the greeting video, retrying injected faults (a lost answer leaves an unused project
 * behind, harmless here).
 */
export async function basePool(
  client: VsynthClient,
  n: number,
): Promise<{ pool: string[]; slots: Record<string, string>; payload: unknown }> {
  const { payload, slots } = await compileFile(join(GREETING, 'video.tsx'));
  const pool: string[] = [];
  while (pool.length < n) {
    try {
      pool.push((await client.createProject({ ...(payload as ProjectCreateRequest), isExport: false })).projectId);
    } catch (error) {
      if (!(isApiError(error) && error.transient) && !isNetworkError(error)) throw error;
    }
  }
  return { pool, slots, payload };
}

/**
 * A create payload template (exported, without `name`) and a data file of rows keyed by email
 * (default two); returns their paths.
 */
export async function createBatchFiles(
  dir: string,
  emails: readonly string[] = ['ana@example.com', 'tab\there@example.com'],
): Promise<{ template: string; data: string }> {
  const { payload } = await compileFile(join(GREETING, 'video.tsx'));
  const { name: _name, ...body } = payload as Record<string, unknown>;
  const template = join(dir, 'create.json');
  await writeFile(template, JSON.stringify({ ...body, isExport: true }));
  const data = join(dir, 'people.csv');
  await writeFile(data, `email\n${emails.map((email) => `"${email}"\n`).join('')}`);
  return { template, data };
}

export async function greetingTemplate(slots: Record<string, string>): Promise<BatchTemplate> {
  return modifyTemplate(JSON.parse(await readFile(join(GREETING, 'modify.json'), 'utf8')), {
    slots,
    name: 'greeting/modify.json',
  });
}

export async function greetingRows(): Promise<DataRow[]> {
  const rows: DataRow[] = [];
  for await (const row of rowsFromFile(join(GREETING, 'people.csv'))) rows.push(row);
  return rows;
}

export interface LedgerEntry {
  readonly endpoint: string;
  readonly cubes: number;
  readonly projectId?: string;
  /** Legacy project key. */
  readonly key?: string;
  readonly body: { updates?: Record<string, string>; webhookUrl?: string; [key: string]: unknown };
}

export async function ledger(url: string): Promise<LedgerEntry[]> {
  const response = await fetch(`${url}/sandbox/ledger`, { headers: { authorization: 'sandbox-key' } });
  return ((await response.json()) as { entries: LedgerEntry[] }).entries;
}

/** How many accepted modify requests carry each headline (one per row of the greeting batch). */
export function modifiesByHeadline(entries: readonly LedgerEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const headline = entry.body.updates?.['title_0'];
    if (entry.endpoint !== 'POST /api/odin/v3/project/modify' || headline === undefined) continue;
    counts.set(headline, (counts.get(headline) ?? 0) + 1);
  }
  return counts;
}

/** The environment that points the CLI at a test sandbox. */
export function sandboxEnv(sandbox: TestSandbox): Record<string, string> {
  return { VSYNTH_BASE_URL: sandbox.url, VSYNTH_API_KEY: 'sandbox-key' };
}

/** `vsynth batch` arguments of the greeting example (rows keyed by email); add pool, journal, output. */
export const GREETING_ARGS: readonly string[] = [
  'batch',
  '--template',
  join(GREETING, 'modify.json'),
  '--slots-from',
  join(GREETING, 'video.tsx'),
  '--data',
  join(GREETING, 'people.csv'),
  '--key-column',
  'email',
];

/** Starts the real CLI; collects stdout and stderr. */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string> = {},
): ChildProcess & { output: { stdout: string; stderr: string }; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...VSYNTH_NODE_ARGS, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { output, exited });
}

/** Reads an NDJSON file into objects. */
export async function readNdjson(path: string): Promise<Record<string, unknown>[]> {
  return (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Immediate virtual sleep: backoff and Retry-After are honoured in order but not waited for. */
export const instantClock = {
  now: () => 0,
  sleep: async (_ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    await new Promise((resolve) => setImmediate(resolve));
  },
};
