import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propsJsonSchema } from '@vsynth/jsx-runtime';
import { coerceCells } from './coerce-cells.js';

const schema = z.object({
  price: z.number(),
  seats: z.number().int().optional(),
  vip: z.boolean(),
  plan: z.enum(['Pro', 'Team']),
  site: z.url(),
  tags: z.array(z.string()).meta({ delimiter: '|' }),
  scores: z.array(z.number()),
  note: z.string().nullable(),
  title: z.string().default('Welcome'),
});
const json = propsJsonSchema(schema);

describe('coerceCells', () => {
  it('reads each cell as its prop type', () => {
    const cells = {
      price: ' 12.5 ',
      seats: '3',
      vip: 'Yes',
      plan: 'Pro',
      site: 'https://acme.example',
      tags: 'a | b|c',
      scores: '1; 2.5;-3',
      note: 'null',
      extra: 'kept as written',
    };
    expect(coerceCells(cells, json)).toEqual({
      price: 12.5,
      seats: 3,
      vip: true,
      plan: 'Pro',
      site: 'https://acme.example',
      tags: ['a', 'b', 'c'],
      scores: [1, 2.5, -3],
      note: null,
      extra: 'kept as written',
    });
  });

  it('reads every spelling of a boolean and leaves an empty cell absent, so defaults apply', () => {
    for (const [cell, value] of [
      ['true', true],
      ['FALSE', false],
      ['no', false],
      ['1', true],
      ['0', false],
    ] as const) {
      expect(coerceCells({ vip: cell }, json)).toEqual({ vip: value });
    }
    const parsed = schema.partial({
      price: true,
      vip: true,
      plan: true,
      site: true,
      tags: true,
      scores: true,
      note: true,
    });
    expect(parsed.parse(coerceCells({ title: '', seats: ' ' }, json))).toEqual({ title: 'Welcome' });
  });

  it('leaves a cell that does not read as its type as written, for the schema to name', () => {
    expect(coerceCells({ price: '12,50', vip: 'maybe' }, json)).toEqual({ price: '12,50', vip: 'maybe' });
  });
});
