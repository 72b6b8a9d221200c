import { z } from 'zod';
import { REQUEST_KIND_NAMES, REQUEST_KINDS, REQUEST_SCHEMAS, type RequestKind } from './request-kind.js';

/**
 * The file each kind's JSON Schema is written to, under `packages/core/schemas/`.
 *
 * @example requestJsonSchemaFileName('modify') // 'modify.schema.json'
 */
export function requestJsonSchemaFileName(kind: RequestKind): string {
  return `${kind}.schema.json`;
}

/**
 * The JSON Schema (draft 2020-12) of a request kind, produced by zod's converter from the same
 * schema `checkRequest` uses. Cross-field rules (modelId/clothId, isTTS/tts) are not expressible
 * there; `vsynth validate` checks them.
 *
 * @example writeFileSync('create.schema.json', JSON.stringify(requestJsonSchema('create'), null, 2))
 */
export function requestJsonSchema(kind: RequestKind): Record<string, unknown> {
  const schema = z.toJSONSchema(REQUEST_SCHEMAS[kind], { io: 'input', unrepresentable: 'any' });
  return {
    $schema: schema['$schema'],
    $id: `https://vsynth.dev/schemas/${requestJsonSchemaFileName(kind)}`,
    title: `vsynth ${REQUEST_KIND_NAMES[kind]}`,
    ...schema,
  };
}

/**
 * Every request kind's JSON Schema as file name → file text (2-space JSON, final newline).
 *
 * @example for (const [name, text] of Object.entries(requestJsonSchemaFiles())) writeFileSync(name, text)
 */
export function requestJsonSchemaFiles(): Record<string, string> {
  return Object.fromEntries(
    REQUEST_KINDS.map((kind) => [
      requestJsonSchemaFileName(kind),
      `${JSON.stringify(requestJsonSchema(kind), null, 2)}\n`,
    ]),
  );
}
