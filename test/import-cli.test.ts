/**
 * `vsynth import` from the real CLI: written files compile back to the payload with
 * `vsynth compile`, type-check under the project's compiler options, are byte-identical when
 * imported twice, and nothing is written when the input is invalid or an output exists.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, normaliseProject } from '@vsynth/jsx-runtime';
import { runImport } from '../packages/cli/src/commands/import.js';
import { REPO_ROOT, VSYNTH_NODE_ARGS, runVsynth } from './run-vsynth.js';
import { api, testSandbox } from './sandbox-helpers.js';

let dir: string;
beforeAll(async () => {
  // Inside the repository (git-ignored /tmp/), so the written TSX resolves @vsynth/jsx-runtime as a user's project
  // would.
  await mkdir(path.join(REPO_ROOT, 'tmp'), { recursive: true });
  dir = await mkdtemp(path.join(REPO_ROOT, 'tmp', 'import-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const example = (name: string): string => path.join(REPO_ROOT, 'examples/payloads', name);

describe('vsynth import', () => {
  it('writes video.tsx and avatars.ts that compile back to the payload, and lists what raw carries', async () => {
    const out = path.join(dir, 'a', 'video.tsx');
    await mkdir(path.dirname(out));
    const run = await runVsynth(['import', example('create-variant-a.json'), '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('compile it back with: vsynth compile');
    expect(run.stderr).toContain('--variant A');
    expect(run.stderr).toMatch(
      /carried unchanged in raw props \(22 fields no prop expresses\):\n {2}scenes\[0\]\.thumbnailUrl\n/,
    );
    expect((await readdir(path.dirname(out))).sort()).toEqual(['avatars.ts', 'video.tsx']);
    const back = await runVsynth(['compile', out, '--variant', 'A']);
    expect(back.code, back.stderr).toBe(0);
    const original = JSON.parse(await readFile(example('create-variant-a.json'), 'utf8'));
    expect(canonicalJson(normaliseProject(JSON.parse(back.stdout), 'v3'))).toBe(
      canonicalJson(normaliseProject(original, 'v3')),
    );
  });

  it('gives byte-identical files when run twice, and refuses to overwrite without --force', async () => {
    const first = path.join(dir, 'b1', 'video.tsx');
    const second = path.join(dir, 'b2', 'video.tsx');
    await mkdir(path.dirname(first));
    await mkdir(path.dirname(second));
    expect((await runVsynth(['import', example('create-variant-b.json'), '--out', first])).code).toBe(0);
    expect((await runVsynth(['import', example('create-variant-b.json'), '--out', second])).code).toBe(0);
    expect(await readFile(second, 'utf8')).toBe(await readFile(first, 'utf8'));
    expect(await readFile(path.join(dir, 'b2', 'avatars.ts'), 'utf8')).toBe(
      await readFile(path.join(dir, 'b1', 'avatars.ts'), 'utf8'),
    );
    await writeFile(first, 'mine');
    const again = await runVsynth(['import', example('create-variant-b.json'), '--out', first]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${first} exists; pass --force to replace it`);
    expect(await readFile(first, 'utf8')).toBe('mine');
    expect((await runVsynth(['import', example('create-variant-b.json'), '--out', first, '--force'])).code).toBe(0);
    expect(await readFile(first, 'utf8')).toBe(await readFile(second, 'utf8'));
  });

  it('type-checks the written modules under the project compiler options', async () => {
    const files = [
      path.join(dir, 'a', 'video.tsx'),
      path.join(dir, 'a', 'avatars.ts'),
      path.join(dir, 'b2', 'video.tsx'),
      path.join(dir, 'b2', 'avatars.ts'),
    ];
    const legacy = path.join(dir, 'c', 'legacy.tsx');
    await mkdir(path.dirname(legacy));
    expect((await runVsynth(['import', example('legacy.json'), '--out', legacy])).code).toBe(0);
    const config = ts.readConfigFile(path.join(REPO_ROOT, 'tsconfig.base.json'), (f) => ts.sys.readFile(f));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO_ROOT);
    const program = ts.createProgram([...files, legacy], { ...options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || d.file.fileName.startsWith(dir))
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 60_000);

  it('reads a stored project record from stdin and prints the TSX of a legacy project', async () => {
    const record = {
      success: true,
      key: 'k-1',
      format: 'legacy',
      project: JSON.parse(await readFile(example('legacy.json'), 'utf8')),
    };
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [...VSYNTH_NODE_ARGS, 'import', '-'], {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(JSON.stringify(record));
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('from a legacy project request in a stored project record');
    expect(run.stdout).toContain('<Avatar model="anna" clothes="suit_navy" language="ko"');
  });

  it('keeps a UTF-8 character that stdin splits across two chunks', async () => {
    const bytes = await readFile(example('legacy.json'));
    const cut = bytes.findIndex((b, i) => i > 0 && (b & 0xc0) === 0x80); // inside a multi-byte character
    const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
    let split = '';
    await runImport('-', {
      stdin: Readable.from(chunks),
      stdout: { write: (t: string) => (split += t) },
      stderr: { write: () => true },
    });
    let whole = '';
    await runImport('-', {
      stdin: Readable.from([bytes]),
      stdout: { write: (t: string) => (whole += t) },
      stderr: { write: () => true },
    });
    expect(split).not.toContain('\uFFFD');
    expect(split).toBe(whole);
  });

  it('reports invalid input like validate (exit 3) and writes nothing', async () => {
    const bad = path.join(dir, 'bad.json');
    const payload = JSON.parse(await readFile(example('create-variant-a.json'), 'utf8'));
    payload.scenes[1].clips[0].width = -1;
    delete payload.scenes[0].background;
    await writeFile(bad, JSON.stringify(payload, null, 2));
    const out = path.join(dir, 'bad', 'video.tsx');
    await mkdir(path.dirname(out));
    const run = await runVsynth(['import', bad, '--out', out]);
    const validate = await runVsynth(['validate', bad]);
    expect(run.code).toBe(3);
    expect(validate.code).toBe(3);
    expect(run.stderr).toContain('→ at scenes[0].background');
    // The same located issues as validate.
    const issues = (text: string): string[] =>
      text.split('\n').filter((l) => l.startsWith('✖') || l.trimStart().startsWith('→'));
    expect(issues(run.stderr)).toEqual(issues(validate.stderr));
    expect(await readdir(path.dirname(out))).toEqual([]);
    const syntax = path.join(dir, 'syntax.json');
    await writeFile(syntax, '{"scenes": [}');
    const broken = await runVsynth(['import', syntax, '--out', out]);
    expect(broken.code).toBe(3);
    expect(broken.stderr).toMatch(/syntax\.json:1:13/);
    expect(await readdir(path.dirname(out))).toEqual([]);
  });

  it('says where avatars go when printing to stdout, and rejects a missing file with exit 2', async () => {
    const run = await runVsynth(['import', example('create-variant-a.json')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('give --out (the module goes beside it) or --avatars <file>');
    const missing = await runVsynth(['import', 'nope.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read payload nope.json: no such file');
  });

  it('imports what vsynth find prints for a project stored in the sandbox, and compiles back to it', async () => {
    const sandbox = await testSandbox({ apiKeys: ['import-key'], fsync: false });
    try {
      const original = JSON.parse(await readFile(example('create-variant-b.json'), 'utf8'));
      const created = await api(sandbox.url, 'import-key').post('/api/odin/v3/editor/project', original);
      expect(created.status).toBe(200);
      const id = created.body.projectId ?? created.body.data?.projectId;
      const env = { VSYNTH_API_KEY: 'import-key', VSYNTH_BASE_URL: sandbox.url };
      const found = await runVsynth(['find', id], { env });
      expect(found.code, found.stderr).toBe(0);
      const record = path.join(dir, 'record.json');
      await writeFile(record, found.stdout);
      const out = path.join(dir, 'sandbox', 'video.tsx');
      await mkdir(path.dirname(out));
      const run = await runVsynth(['import', record, '--out', out]);
      expect(run.code, run.stderr).toBe(0);
      const back = await runVsynth(['compile', out, '--variant', 'B']);
      expect(back.code, back.stderr).toBe(0);
      expect(canonicalJson(normaliseProject(JSON.parse(back.stdout), 'v3'))).toBe(
        canonicalJson(normaliseProject(original, 'v3')),
      );
    } finally {
      await sandbox.dispose();
    }
  });

  it('imports the avatars module from where --avatars put it', async () => {
    const out = path.join(dir, 'videos', 'promo.tsx');
    const avatars = path.join(dir, 'shared', 'promo-avatars.ts');
    await mkdir(path.dirname(out));
    await mkdir(path.dirname(avatars));
    const run = await runVsynth(['import', example('create-variant-b.json'), '--out', out, '--avatars', avatars]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(out, 'utf8')).toContain("from '../shared/promo-avatars.js';");
    const back = await runVsynth(['compile', out, '--variant', 'B']);
    expect(back.code, back.stderr).toBe(0);
    const original = JSON.parse(await readFile(example('create-variant-b.json'), 'utf8'));
    expect(canonicalJson(normaliseProject(JSON.parse(back.stdout), 'v3'))).toBe(
      canonicalJson(normaliseProject(original, 'v3')),
    );
  });
});
