import { UsageError } from '@vsynth/core';
import { z } from 'zod';

/** The zod schema a video module exports beside its component: `export const schema = z.object({ … })`. */
export type PropsSchema = z.ZodType;

/** A JSON Schema node, as `z.toJSONSchema` writes it; only the parts vsynth reads are typed. */
export interface JsonSchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly additionalProperties?: boolean | JsonSchemaNode;
  readonly items?: JsonSchemaNode;
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  /** Set with `.meta({ delimiter: ';' })` on an array: how a CSV cell lists its items. */
  readonly delimiter?: string;
  readonly [key: string]: unknown;
}

/**
 * The props schema a loaded video module exports as `schema`, or `undefined` when it exports none.
 * An export of that name that is not a zod schema is a usage error naming the module.
 *
 * @example propsSchemaOf(await importTsx('promo.tsx'), 'promo.tsx') // the module's z.object(…)
 */
export function propsSchemaOf(exports: Readonly<Record<string, unknown>>, subject: string): PropsSchema | undefined {
  const schema = exports['schema'];
  if (schema === undefined) return undefined;
  if (!isZodSchema(schema)) {
    throw new UsageError(
      `${subject} exports "schema", but it is not a zod schema. Export the props schema as ` +
        '`export const schema = z.object({ … })`, or rename the export.',
    );
  }
  return schema;
}

const jsonSchemas = new WeakMap<PropsSchema, JsonSchemaNode>();

/**
 * The props schema as JSON Schema (what a props file may hold, with defaults), for editors, for the
 * studio's props panel and for reading CSV cells. Types JSON cannot state (dates, functions) are
 * left open.
 *
 * @example propsJsonSchema(z.object({ customer: z.string() })).properties // { customer: { type: 'string' } }
 */
export function propsJsonSchema(schema: PropsSchema): JsonSchemaNode {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
    jsonSchemas.set(schema, json);
  }
  return json;
}

function isZodSchema(value: unknown): value is PropsSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}
