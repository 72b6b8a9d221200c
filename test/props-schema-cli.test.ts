import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runVsynth } from './run-vsynth.js';

describe('vsynth schema', () => {
  it("prints the JSON Schema of a video's props, with their types and defaults", async () => {
    const { code, stdout, stderr } = await runVsynth(['schema', 'examples/library-demo.tsx']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as { $schema: string; properties: Record<string, Record<string, unknown>> };
    expect(json.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(json.properties['customer']).toMatchObject({ type: 'string', minLength: 1, default: 'there' });
    expect(json.properties['plan']).toMatchObject({
      enum: ['Starter', 'Pro', 'Business', 'Enterprise'],
      default: 'Pro',
    });
    expect(json.properties['features']).toMatchObject({ type: 'array', items: { type: 'string' } });
  });

  it('exits 2 for a video that declares no props schema, saying how to declare one', async () => {
    const { code, stderr } = await runVsynth(['schema', 'examples/hello.tsx']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'vsynth: examples/hello.tsx declares no props schema. Export one beside the component: `export const schema = z.object({ customer: z.string() })`, with `z` from the zod package.\n',
    );
  });
});

describe('vsynth compile --props with a schema', () => {
  it('exits 3 naming a prop of the wrong type instead of building a wrong video', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-props-'));
    const props = join(dir, 'bad.props.json');
    await writeFile(props, '{ "customer": "Dana", "plan": "Gold", "features": ["Exports", ""] }\n');
    const { code, stdout, stderr } = await runVsynth(['compile', 'examples/library-demo.tsx', '--props', props]);
    await rm(dir, { recursive: true, force: true });
    expect(stdout).toBe('');
    expect(code).toBe(3);
    expect(stderr).toBe(
      [
        `vsynth: Invalid ${props}: 2 problems`,
        '✖ plan must be one of "Starter", "Pro", "Business", "Enterprise", received "Gold"',
        `  → at ${props}:1:23 · plan`,
        '✖ features[1] must not be empty, received ""',
        `  → at ${props}:1:63 · features[1]`,
        '',
      ].join('\n'),
    );
  });

  it('takes a props file whose "$schema" points at the JSON Schema `vsynth schema --out` wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-props-'));
    try {
      const schemaFile = join(dir, 'library-demo.props.schema.json');
      const written = await runVsynth(['schema', 'examples/library-demo.tsx', '--out', schemaFile]);
      expect([written.code, written.stderr]).toEqual([0, '']);
      expect(JSON.parse(await readFile(schemaFile, 'utf8'))).toMatchObject({ type: 'object' });
      const props = join(dir, 'library-demo.props.json');
      await writeFile(
        props,
        '{\n  "$schema": "./library-demo.props.schema.json",\n  "customer": "Ana",\n  "plan": "Starter"\n}\n',
      );
      const { code, stdout, stderr } = await runVsynth(['compile', 'examples/library-demo.tsx', '--props', props]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const payload = JSON.parse(stdout) as { name: string; scenes: unknown[] };
      // The defaults fill what the file leaves out: two features, so three scenes.
      expect([payload.name, payload.scenes.length]).toEqual(['Welcome Ana', 3]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
