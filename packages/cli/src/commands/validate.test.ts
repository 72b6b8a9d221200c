import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vsynth-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI from the repo root, as `pnpm vsynth` does. */
function vsynth(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@vsynth/source', '--import', 'tsx', 'packages/cli/src/index.ts', ...args],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function writeJson(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

describe('vsynth validate', () => {
  it('exits 0 for every example payload, inferring the kind', async () => {
    const names = ['create-variant-a', 'create-variant-b', 'modify', 'edit', 'legacy', 'legacy-audio'];
    const runs = await Promise.all(names.map((name) => vsynth('validate', `examples/payloads/${name}.json`)));
    for (const [i, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(new RegExp(`^✔ examples/payloads/${names[i]}\\.json is a valid .+ request \\(kind inferred`));
    }
  });

  it('prints warnings on stderr and still exits 0', async () => {
    const payload = JSON.parse(readFileSync(join(root, 'examples/payloads/modify.json'), 'utf8'));
    payload.priority = 'high';
    const run = await vsynth('validate', writeJson('warn.json', payload), '--kind', 'modify');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      '⚠ unknown field "priority" is kept as given; the service may ignore it (check its spelling)\n  → at priority\n' +
        `✔ ${join(dir, 'warn.json')} is a valid modify request with 1 warning\n`,
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

  it('gives one clear line for a file that is not JSON', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "projectId": "p1",\n  "updates": {"title": "x",}\n}\n');
    const run = await vsynth('validate', file);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(new RegExp(`^vsynth: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:28 is not valid JSON: .+\\. Fix the file and try again\\.\\n$`));
    expect(run.stderr.split('\n')).toHaveLength(2);
  });

  it('exits 2 for a missing file, a bad --kind and a body of unknown kind', async () => {
    const [missing, badKind, unknown] = await Promise.all([
      vsynth('validate', join(dir, 'nope.json')),
      vsynth('validate', 'examples/payloads/modify.json', '--kind', 'project'),
      vsynth('validate', writeJson('unknown.json', { hello: 'world' })),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`vsynth: Cannot read ${join(dir, 'nope.json')}: no such file. Check the path and try again.\n`);
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toContain("error: option '--kind <kind>' argument 'project' is invalid. Allowed choices are create, modify, edit, legacy, legacy-audio.");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `vsynth: Cannot tell which request ${join(dir, 'unknown.json')} holds from its fields; pass --kind create|modify|edit|legacy|legacy-audio\n`,
    );
  });
});
