import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUEST_KINDS, REQUEST_SCHEMAS } from './request-kind.js';
import { requestJsonSchema, requestJsonSchemaFiles } from './request-json-schemas.js';

const dir = fileURLToPath(new URL('../../schemas/', import.meta.url));

describe('JSON Schema export', () => {
  it('packages/core/schemas/ is up to date (run `pnpm schemas` after changing a schema)', () => {
    const expected = requestJsonSchemaFiles();
    expect(readdirSync(dir).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, text] of Object.entries(expected)) {
      expect(readFileSync(`${dir}${name}`, 'utf8'), `${name} is stale: run pnpm schemas`).toBe(text);
    }
  });

  it('describes the create request with its clip union and required fields', () => {
    const schema = requestJsonSchema('create') as any;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['scenes']);
    const scene = schema.properties.scenes.items;
    expect(scene.required).toEqual(['sceneIdx', 'background', 'clips']);
    expect(scene.properties.scripts).toMatchObject({ minItems: 1, maxItems: 1 });
    const clipTypes = scene.properties.clips.items.oneOf.map((option: any) => option.properties.type.const);
    expect(clipTypes).toEqual(['aiModel', 'shape', 'image', 'textImage', 'videoImage', 'audio']);
    expect(scene.additionalProperties).toEqual({});
  });

  it('carries the modify key pattern', () => {
    const schema = requestJsonSchema('modify') as any;
    expect(schema.properties.updates.propertyNames.pattern).toBe('^(title|subtitles|scripts)(_\\d+)?$');
  });

  // checkRequest's value is a copy of the input: true only while zod's output holds the input's data.
  it.each(REQUEST_KINDS)('%s: zod reads and writes the same JSON (no default, no transform)', (kind) => {
    const schema = REQUEST_SCHEMAS[kind];
    expect(z.toJSONSchema(schema, { io: 'output' })).toEqual(z.toJSONSchema(schema, { io: 'input' }));
  });
});
