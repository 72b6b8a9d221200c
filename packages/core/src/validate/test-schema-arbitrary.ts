/**
 * Test helper: a fast-check arbitrary of values a zod schema accepts, derived from the schema's
 * definitions (the request schemas' types and checks), so property tests see random valid bodies
 * of every request kind without a hand-written copy of the schemas.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { CheckDef } from './compile-fast-check.js';

type AnySchema = z.core.$ZodType;

/**
 * Values `schema` accepts. Throws for a construct the helper does not know (a test then names it).
 *
 * @example fc.sample(schemaArbitrary(modifyRequestSchema), 1)[0] // { projectId: '…', updates: { title_2: '…' } }
 */
export function schemaArbitrary(schema: AnySchema): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  const checks = (def.checks ?? []).map((check) => check._zod.def as CheckDef);
  switch (def.type) {
    case 'string': {
      const regex = checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern;
      if (regex !== undefined) return fc.stringMatching(regex);
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      return fc.string({ minLength, maxLength: minLength + 12, unit: 'grapheme' });
    }
    case 'number': {
      let min = -1e6;
      let max = 1e6;
      let minExcluded = false;
      let maxExcluded = false;
      for (const c of checks) {
        if (c.check === 'greater_than') [min, minExcluded] = [c.value as number, c.inclusive !== true];
        if (c.check === 'less_than') [max, maxExcluded] = [c.value as number, c.inclusive !== true];
      }
      if (checks.some((c) => c.check === 'number_format')) {
        return fc.integer({ min: minExcluded ? Math.floor(min) + 1 : Math.ceil(min), max: maxExcluded ? Math.ceil(max) - 1 : Math.floor(max) });
      }
      return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
    case 'enum':
      return fc.constantFrom(...[...schema._zod.values!]);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return schemaArbitrary((def as z.core.$ZodOptionalDef).innerType);
    case 'nullable':
      return fc.option(schemaArbitrary((def as z.core.$ZodNullableDef).innerType), { nil: null, freq: 4 });
    case 'object': {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const requiredKeys = Object.keys(shape).filter((key) => shape[key]!._zod.optin === undefined);
      const fields = Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, schemaArbitrary(child)]));
      return fc.record(fields, { requiredKeys });
    }
    case 'array': {
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? checks.find((c) => c.check === 'length_equals')?.length ?? 0;
      const maxLength = checks.find((c) => c.check === 'length_equals')?.length ?? checks.find((c) => c.check === 'max_length')?.maximum ?? minLength + 3;
      return fc.array(schemaArbitrary((def as z.core.$ZodArrayDef).element), { minLength, maxLength });
    }
    case 'record': {
      const recordDef = def as z.core.$ZodRecordDef;
      // No `__proto__` key: fast-check's strings favour that name, and the compiled check leaves a
      // record holding it to zod by design (the changed-bodies property covers that case).
      const key = (schemaArbitrary(recordDef.keyType) as fc.Arbitrary<string>).filter((name) => name !== '__proto__');
      return fc.dictionary(key, schemaArbitrary(recordDef.valueType), { maxKeys: 4 });
    }
    case 'union':
      return fc.oneof(...(def as z.core.$ZodUnionDef).options.map((option) => schemaArbitrary(option)));
    default:
      throw new Error(`schemaArbitrary: no arbitrary for zod type ${def.type}`);
  }
}
