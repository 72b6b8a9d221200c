/**
 * `vsynth schema <file.tsx> [--out props.schema.json]`: prints the JSON Schema of the props a video
 * declares with `export const schema = z.object({ … })`, for editors and other tools.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '@vsynth/core';

export interface SchemaCommandOptions {
  /** Write the JSON Schema to this file instead of stdout. */
  readonly out?: string;
  readonly stdout?: { write(text: string): unknown };
}

/**
 * Registers `vsynth schema`. Exit 0 with the JSON Schema, 2 when the file is not a `.tsx` or
 * declares no props schema, 3 when the module cannot be loaded.
 *
 * @example registerSchema(program) // vsynth schema examples/library-demo.tsx
 */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description("Print the JSON Schema of a video's props (its exported zod schema), for editors and tools")
    .argument('<file>', 'TSX file exporting `schema` beside its default-export component')
    .option('--out <file>', 'write the JSON Schema to this file instead of stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  vsynth schema examples/library-demo.tsx\n' +
        '  vsynth schema video.tsx --out video.props.schema.json   # then "$schema": "./video.props.schema.json"',
    )
    .action(async (file: string, options: { out?: string }) => {
      await runSchema(file, options.out === undefined ? {} : { out: options.out });
    });
}

/**
 * Loads `file` and prints (or writes) its props schema as JSON Schema (draft 2020-12).
 *
 * @example
 * await runSchema('examples/library-demo.tsx'); // {"$schema": "https://json-schema.org/draft/2020-12/schema", …}
 */
export async function runSchema(file: string, options: SchemaCommandOptions = {}): Promise<Record<string, unknown>> {
  if (!/\.[cm]?tsx?$/.test(file)) {
    throw new UsageError(`${file} is not a .tsx file; give the TSX file that exports the video and its schema.`);
  }
  const { importTsx, propsJsonSchema, propsSchemaOf } = await import('@vsynth/jsx-runtime');
  const schema = propsSchemaOf(await importTsx(file), file);
  if (schema === undefined) {
    throw new UsageError(
      `${file} declares no props schema. Export one beside the component: ` +
        '`export const schema = z.object({ customer: z.string() })`, with `z` from the zod package.',
    );
  }
  const json = propsJsonSchema(schema) as Record<string, unknown>;
  const text = `${JSON.stringify(json, null, 2)}\n`;
  if (options.out === undefined) (options.stdout ?? process.stdout).write(text);
  else await writeFile(options.out, text);
  return json;
}
