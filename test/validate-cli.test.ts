import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_CODES_HELP } from '../packages/cli/src/exit-codes.js';
import { REPO_ROOT, runVsynth, type VsynthRun } from './run-vsynth.js';

const root = REPO_ROOT;
const dir = mkdtempSync(join(tmpdir(), 'vsynth-validate-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the real CLI from the repo root, as `pnpm vsynth` does. */
function vsynth(...args: string[]): Promise<VsynthRun> {
  return runVsynth(args);
}

function vsynthWithEnv(env: Record<string, string>, ...args: string[]): Promise<VsynthRun> {
  return runVsynth(args, { env });
}

function writeJson(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

describe('vsynth validate (the real command)', () => {
  it('exits 0 for an example payload, inferring the kind', async () => {
    const run = await vsynth('validate', 'examples/payloads/create-variant-b.json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      '✔ examples/payloads/create-variant-b.json is a valid project create request (kind inferred from its fields; pass --kind to choose)\n',
    );
  });

  it('exits 3 naming the file and the path for a payload nested 10,000 arrays deep', async () => {
    const text = readFileSync(join(root, 'examples/payloads/create-variant-a.json'), 'utf8').trimEnd();
    const file = join(dir, 'deep.json');
    writeFileSync(file, `${text.slice(0, -1)},"extra":${'['.repeat(10_000)}1${']'.repeat(10_000)}}`);
    const run = await vsynth('validate', file);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      `vsynth: ${file}: extra${'[0]'.repeat(99)} is nested more than 100 levels deep (objects and arrays); ` +
        'flatten it to at most 100 levels, and try again.\n',
    );
  });

  it('exits 3 and prints every issue with its path', async () => {
    const payload = JSON.parse(readFileSync(join(root, 'examples/payloads/create-variant-a.json'), 'utf8'));
    payload.scenes[0].scripts[0].modelId = 'ben';
    payload.scenes[1].clips[0].volume = 0;
    const file = writeJson('bad.json', payload);
    const run = await vsynth('validate', file, '--kind', 'create', '--json');
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      [
        `vsynth: Invalid ${file} as a project create request: 2 problems`,
        '✖ volume must be at least 1, received 0',
        '  → at scenes[1].clips[0].volume',
        '✖ modelId "ben" does not match the avatar clip\'s model.ai_name "anna" (scenes[0].clips[3])',
        '  → at scenes[0].scripts[0].modelId',
        '',
      ].join('\n'),
    );
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ file, kind: 'create', valid: false });
    expect(json.issues.map((i: { path: unknown }) => i.path)).toEqual([
      ['scenes', 1, 'clips', 0, 'volume'],
      ['scenes', 0, 'scripts', 0, 'modelId'],
    ]);
  });

  it('as `pnpm vsynth` from a subdirectory, reads file arguments relative to that directory', async () => {
    // pnpm runs the root script from the workspace root and passes the user's directory as INIT_CWD.
    const run = await vsynthWithEnv(
      { npm_lifecycle_event: 'vsynth', INIT_CWD: join(root, 'examples') },
      'validate',
      'payloads/edit.json',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      '✔ payloads/edit.json is a valid edit request (kind inferred from its fields; pass --kind to choose)\n',
    );
  });

  it('exits 2 for a missing file and a bad --kind', async () => {
    const [missing, badKind] = await Promise.all([
      vsynth('validate', join(dir, 'nope.json')),
      vsynth('validate', 'examples/payloads/modify.json', '--kind', 'project'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `vsynth: Cannot read ${join(dir, 'nope.json')}: no such file. Check the path and try again.\n`,
    );
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toBe(
      "error: option '--kind <kind>' argument 'project' is invalid. Allowed choices are create, modify, edit, legacy, legacy-audio.\n(run with --help for usage)\n",
    );
  });

  it("documents the exit codes in --help and in the command's --help", async () => {
    const [run, own] = await Promise.all([vsynth('--help'), vsynth('validate', '--help')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(EXIT_CODES_HELP);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain(EXIT_CODES_HELP);
    for (const code of [
      '0  ok',
      '1  internal error',
      '2  usage error',
      '3  invalid input',
      '4  permanent API failure',
      '5  transient failure',
      '6  batch finished',
    ]) {
      expect(run.stdout).toContain(`\n  ${code}`);
    }
  });
});
