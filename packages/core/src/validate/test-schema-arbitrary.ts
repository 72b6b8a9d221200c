/**
 * Test helper: a fast-check arbitrary of values a zod schema accepts, derived from the schema's
 * definitions (the request schemas' types and checks), so property tests see random valid bodies
 * of every request kind without a hand-written copy of the schemas.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** What a schema's checks allow, gathered from their definitions. */
interface Bounds {
  minLength: number;
  maxLength: number | undefined;
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  integer: boolean;
  pattern: RegExp | undefined;
}

/**
 * Values `schema` accepts. Throws for a construct the helper does not know (a test then names it).
 *
 * @example fc.sample(schemaArbitrary(modifyRequestSchema), 1)[0] // { projectId: '…', updates: { title_2: '…' } }
 */
export function schemaArbitrary(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const bounds = boundsOf(schema);
  switch (def.type) {
    case 'string': {
      if (bounds.pattern !== undefined) return fc.stringMatching(bounds.pattern);
      return fc.string({
        minLength: bounds.minLength,
        maxLength: bounds.maxLength ?? bounds.minLength + 12,
        unit: 'grapheme',
      });
    }
    case 'number': {
      const { min, max, minExcluded, maxExcluded } = bounds;
      if (bounds.integer) {
        return fc.integer({
          min: minExcluded ? Math.floor(min) + 1 : Math.ceil(min),
          max: maxExcluded ? Math.ceil(max) - 1 : Math.floor(max),
        });
      }
      return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return schemaArbitrary(def.innerType);
    case 'nullable':
      return fc.option(schemaArbitrary(def.innerType), { nil: null, freq: 4 });
    case 'object': {
      const entries = Object.entries(def.shape);
      const requiredKeys = entries.filter(([, child]) => child._zod.def.type !== 'optional').map(([key]) => key);
      return fc.record(Object.fromEntries(entries.map(([key, child]) => [key, schemaArbitrary(child)])), {
        requiredKeys,
      });
    }
    case 'array': {
      const { minLength, maxLength = minLength + 3 } = bounds;
      return fc.array(schemaArbitrary(def.element), { minLength, maxLength });
    }
    case 'record': {
      // No `__proto__` key: fast-check's strings favour that name, which an object literal would turn into a prototype.
      const key = (schemaArbitrary(def.keyType) as fc.Arbitrary<string>).filter((name) => name !== '__proto__');
      return fc.dictionary(key, schemaArbitrary(def.valueType), { maxKeys: 4 });
    }
    case 'union':
      return fc.oneof(...def.options.map((option) => schemaArbitrary(option)));
    default:
      throw new Error(`schemaArbitrary: no arbitrary for zod type ${def.type}`);
  }
}

function boundsOf(schema: z.core.$ZodType): Bounds {
  const bounds: Bounds = {
    minLength: 0,
    maxLength: undefined,
    min: -1e6,
    max: 1e6,
    minExcluded: false,
    maxExcluded: false,
    integer: false,
    pattern: undefined,
  };
  for (const check of schema._zod.def.checks ?? []) {
    const def = (check as z.core.$ZodChecks)._zod.def;
    switch (def.check) {
      case 'min_length':
        bounds.minLength = def.minimum;
        break;
      case 'max_length':
        bounds.maxLength = def.maximum;
        break;
      case 'length_equals':
        bounds.minLength = def.length;
        bounds.maxLength = def.length;
        break;
      case 'greater_than':
        bounds.min = Number(def.value);
        bounds.minExcluded = !def.inclusive;
        break;
      case 'less_than':
        bounds.max = Number(def.value);
        bounds.maxExcluded = !def.inclusive;
        break;
      case 'number_format':
        bounds.integer = true;
        break;
      case 'string_format':
        if (def.format === 'regex') bounds.pattern = def.pattern;
        break;
    }
  }
  return bounds;
}
