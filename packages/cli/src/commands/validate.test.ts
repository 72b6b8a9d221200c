import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUEST_KIND_NAMES, type RequestKind } from '@vsynth/core';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../exit-code-for.js';
import { runValidate } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'vsynth-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

/** A valid payload of each kind, written for these tests: fixtures/payloads/<name>.json. */
function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/payloads/${name}.json`, import.meta.url));
}

function fixture(name: string): any {
  return JSON.parse(readFileSync(fixturePath(name), 'utf8'));
}

describe('vsynth validate (in process)', () => {
  const names = ['create-variant-a', 'create-variant-b', 'modify', 'edit', 'legacy', 'legacy-audio'] as const;
  const kinds = ['create', 'create', 'modify', 'edit', 'legacy', 'legacy-audio'] as const;

  it.each(names.map((name, i) => [name, kinds[i]!]))(
    'accepts fixtures/payloads/%s.json, inferring the kind %s',
    async (name, kind) => {
      const file = fixturePath(name);
      const run = await validateInProcess(file);
      expect(run).toEqual({
        code: 0,
        stderr: `✔ ${file} is a valid ${REQUEST_KIND_NAMES[kind]} (kind inferred from its fields; pass --kind to choose)\n`,
      });
    },
  );

  // One broken copy of each fixture: the exit code is 3 and the problem is printed with its path.
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
      const payload = fixture(name);
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
    const payload = fixture('create-variant-a');
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
    const payload = fixture('modify');
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
    const array = writeJson('array.json', [fixture('modify')]);
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
    const text = readFileSync(fixturePath('create-variant-a'), 'utf8')
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
    const file = fixturePath('legacy');
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
