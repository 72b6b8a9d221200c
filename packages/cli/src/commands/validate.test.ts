import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_KIND_NAMES, type RequestKind } from '@vsynth/core';
import { REPO_ROOT, runVsynth, type VsynthRun } from '../../../../test/run-vsynth.js';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../exit-code-for.js';
import { EXIT_CODES_HELP } from '../exit-codes.js';
import { runValidate } from './validate.js';

const root = REPO_ROOT;
const dir = mkdtempSync(join(tmpdir(), 'vsynth-validate-'));
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

/** Runs the command in this process; resolves with what `vsynth` would print on stderr and its exit code. */
async function validateInProcess(
  file: string,
  options: { kind?: RequestKind } = {},
): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  try {
    await runValidate(file, { ...options, stderr: { write: (text: string) => (stderr += text) } });
    return { code: 0, stderr };
  } catch (error) {
    return { code: exitCodeFor(error), stderr: `${stderr}vsynth: ${(error as Error).message}\n` };
  }
}

function example(name: string): any {
  return JSON.parse(readFileSync(join(root, `examples/payloads/${name}.json`), 'utf8'));
}

describe('vsynth validate (in process)', () => {
  const names = ['create-variant-a', 'create-variant-b', 'modify', 'edit', 'legacy', 'legacy-audio'] as const;
  const kinds = ['create', 'create', 'modify', 'edit', 'legacy', 'legacy-audio'] as const;

  it.each(names.map((name, i) => [name, kinds[i]!]))(
    'accepts examples/payloads/%s.json, inferring the kind %s',
    async (name, kind) => {
      const file = join(root, `examples/payloads/${name}.json`);
      const run = await validateInProcess(file);
      expect(run).toEqual({
        code: 0,
        stderr: `✔ ${file} is a valid ${REQUEST_KIND_NAMES[kind]} (kind inferred from its fields; pass --kind to choose)\n`,
      });
    },
  );

  // One broken copy of each example: the exit code is 3 and the problem is printed with its path.
  const broken: Record<(typeof names)[number], { mutate: (p: any) => void; lines: string[] }> = {
    'create-variant-a': {
      mutate: (p) => p.scenes[0].scripts.push(p.scenes[0].scripts[0]),
      lines: ['✖ scripts must hold exactly 1 entry, received 2 entries', '  → at scenes[0].scripts'],
    },
    'create-variant-b': {
      mutate: (p) => (p.scenes[1].clips[1].model.ai_name = ''),
      lines: ['✖ ai_name must not be empty, received ""', '  → at scenes[1].clips[1].model.ai_name'],
    },
    modify: {
      mutate: (p) => (p.updates['scripts-1'] = 'Hi'),
      lines: [
        '✖ updates key "scripts-1" must be title, subtitles or scripts, optionally followed by _ and an index (e.g. title_2)',
        '  → at updates["scripts-1"]',
      ],
    },
    edit: {
      mutate: (p) => (p.updates.value[0].sceneIdx = 0.5),
      lines: ['✖ sceneIdx must be an integer, received 0.5', '  → at updates.value[0].sceneIdx'],
    },
    legacy: {
      mutate: (p) => (p.scenes[0].clips[1].type = 'video'),
      lines: [
        '✖ type must be one of "image", "background", "text", received "video"',
        '  → at scenes[0].clips[1].type',
      ],
    },
    'legacy-audio': {
      mutate: (p) => (p.webhook = ['https://hooks.example.com/audio']),
      lines: ['✖ webhook must be a string, received an array of 1 entry', '  → at webhook'],
    },
  };

  it.each(names.map((name, i) => [name, kinds[i]!]))(
    'rejects a broken copy of %s with exit 3 and the path',
    async (name, kind) => {
      const payload = example(name);
      broken[name].mutate(payload);
      const file = writeJson(`broken-${name}.json`, payload);
      const run = await validateInProcess(file, { kind });
      expect(run).toEqual({
        code: 3,
        stderr: [
          `vsynth: Invalid ${file} as ${kind === 'edit' ? 'an' : 'a'} ${REQUEST_KIND_NAMES[kind]}: 1 problem`,
          ...broken[name].lines,
          '',
        ].join('\n'),
      });
    },
  );

  it('names each bad colour of a create payload at its path, with the accepted forms (exit 3)', async () => {
    const payload = example('create-variant-a');
    const [shape, text, , avatar] = payload.scenes[0].clips;
    Object.assign(shape, { fill: 'banana', stroke: 'red', shadow: { color: '#0000' } });
    Object.assign(text, { fill: 'rgb(34,197,294)', stroke: '#12', backgroundColor: 'rgba(0,0,0,0.5)' });
    text.shadow.color = 'black';
    avatar.fill = 'none';
    payload.scenes[1].background = { source_type: 'color', source_color: 'white' };
    const file = writeJson('colours.json', payload);
    const run = await validateInProcess(file, { kind: 'create' });
    const forms = 'rgb(r,g,b) with each of r, g, b 0–255, #rgb, #rrggbb or #rrggbbaa';
    const bad = (field: string, value: string, path: string) => [
      `✖ ${field} must be a colour: ${forms}, received "${value}"`,
      `  → at ${path}`,
    ];
    expect(run).toEqual({
      code: 3,
      stderr: [
        `vsynth: Invalid ${file} as a ${REQUEST_KIND_NAMES.create}: 9 problems`,
        ...bad('fill', 'banana', 'scenes[0].clips[0].fill'),
        ...bad('stroke', 'red', 'scenes[0].clips[0].stroke'),
        ...bad('color', '#0000', 'scenes[0].clips[0].shadow.color'),
        ...bad('fill', 'rgb(34,197,294)', 'scenes[0].clips[1].fill'),
        ...bad('stroke', '#12', 'scenes[0].clips[1].stroke'),
        ...bad('backgroundColor', 'rgba(0,0,0,0.5)', 'scenes[0].clips[1].backgroundColor'),
        ...bad('color', 'black', 'scenes[0].clips[1].shadow.color'),
        ...bad('fill', 'none', 'scenes[0].clips[3].fill'),
        ...bad('source_color', 'white', 'scenes[1].background.source_color'),
        '',
      ].join('\n'),
    });
  });

  it('prints warnings on stderr and still exits 0', async () => {
    const payload = example('modify');
    payload.priority = 'high';
    const run = await validateInProcess(writeJson('warn.json', payload), { kind: 'modify' });
    expect(run).toEqual({
      code: 0,
      stderr:
        '⚠ unknown field "priority" is kept as given; the service may ignore it (check its spelling)\n  → at priority\n' +
        `✔ ${join(dir, 'warn.json')} is a valid modify request with 1 warning\n`,
    });
  });

  it('gives one clear line for a file that is not JSON', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "projectId": "p1",\n  "updates": {"title": "x",}\n}\n');
    expect(await validateInProcess(file)).toEqual({
      code: 3,
      stderr: `vsynth: ${file}:3:28 is not valid JSON: Expected double-quoted property name. Fix the file and try again.\n`,
    });
  });

  it('exits 3 with one line for an empty file, and names a JSON array or a number as not a request body', async () => {
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect(await validateInProcess(empty)).toEqual({
      code: 3,
      stderr: `vsynth: ${empty}:1:1 is not valid JSON: the file is empty. Fix the file and try again.\n`,
    });
    const array = writeJson('array.json', [example('modify')]);
    expect(await validateInProcess(array)).toEqual({
      code: 3,
      stderr: `vsynth: Invalid ${array}: 1 problem\n✖ a request body must be a JSON object, received an array of 1 entry\n`,
    });
    const number = join(dir, 'number.json');
    writeFileSync(number, '42\n');
    expect((await validateInProcess(number, { kind: 'create' })).stderr).toBe(
      `vsynth: Invalid ${number} as a project create request: 1 problem\n✖ the payload must be an object, received 42\n`,
    );
  });

  it('rejects numbers JSON cannot hold exactly: out of range (Infinity) and beyond the safe integers', async () => {
    const file = join(dir, 'huge.json');
    const text = readFileSync(join(root, 'examples/payloads/create-variant-a.json'), 'utf8')
      .replace('"layer": 1', '"layer": 1e400')
      .replace('"sceneIdx": 1', '"sceneIdx": 18446744073709551616');
    writeFileSync(file, text);
    const run = await validateInProcess(file, { kind: 'create' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('✖ layer must be a number, received Infinity\n  → at scenes[0].clips[0].layer\n');
    expect(run.stderr).toContain(
      '✖ sceneIdx must be at most 9007199254740991, received 18446744073709552000\n  → at scenes[1].sceneIdx\n',
    );
  });

  it('with --json, prints the result on stdout also for a file that is not JSON or not an object', async () => {
    const broken = join(dir, 'broken-json.json');
    writeFileSync(broken, '{"projectId": "p1",');
    const array = writeJson('array-json.json', []);
    for (const [file, kind, message] of [
      [
        broken,
        'modify',
        `${broken}:1:20 is not valid JSON: Expected double-quoted property name. Fix the file and try again.`,
      ],
      [array, null, 'a request body must be a JSON object, received an empty array'],
    ] as const) {
      let stdout = '';
      await expect(
        runValidate(file, {
          ...(kind === null ? {} : { kind }),
          json: true,
          stdout: { write: (text: string) => (stdout += text) },
          stderr: { write: () => true },
        }),
      ).rejects.toThrow(message);
      expect(JSON.parse(stdout)).toEqual({
        file,
        kind,
        valid: false,
        issues: [{ code: expect.any(String), severity: 'error', path: [], message }],
      });
    }
  });

  it('suggests the kind the fields look like when --kind names another', async () => {
    const file = join(root, 'examples/payloads/legacy.json');
    const run = await validateInProcess(file, { kind: 'create' });
    expect(run.code).toBe(3);
    expect(run.stderr.split('\n')[0]).toBe(
      `vsynth: Invalid ${file} as a project create request (its fields look like a legacy project request: try --kind legacy): 13 problems`,
    );
  });

  it('exits 2 for a directory and for an object whose kind cannot be told', async () => {
    expect(await validateInProcess(dir)).toEqual({
      code: 2,
      stderr: `vsynth: Cannot read ${dir}: it is a directory. Check the path and try again.\n`,
    });
    const unknown = writeJson('unknown.json', { hello: 'world' });
    expect(await validateInProcess(unknown)).toEqual({
      code: 2,
      stderr: `vsynth: Cannot tell which request ${unknown} holds from its fields; pass --kind create|modify|edit|legacy|legacy-audio\n`,
    });
  });
});

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
