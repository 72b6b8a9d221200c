import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { findUnknownFields } from './find-unknown-fields.js';

const paths = (schema: z.core.$ZodType, input: unknown) => findUnknownFields(schema, input).map((found) => found.path);

describe('findUnknownFields', () => {
  const clip = z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text'), text: z.string() }),
    z.looseObject({ type: z.literal('image'), src: z.string(), box: z.looseObject({ w: z.number() }).optional() }),
  ]);
  const scene = z.looseObject({ clips: z.array(clip), tags: z.record(z.string(), z.looseObject({ on: z.boolean() })) });

  it('names each unknown field by its path, through arrays, records, wrappers and tagged unions', () => {
    const input = {
      clips: [
        { type: 'text', text: 'hi', colour: 'red' },
        { type: 'image', src: 5, box: { w: 1, hgt: 2 } },
        { type: 'video', whatever: 1 },
      ],
      tags: { a: { on: true, off: false } },
      extra: 1,
    };
    expect(paths(scene, input)).toEqual([
      ['clips', 0, 'colour'],
      ['clips', 1, 'box', 'hgt'],
      ['tags', 'a', 'off'],
      ['extra'],
    ]);
    const [first] = findUnknownFields(scene, input);
    expect(first?.message).toBe(
      'unknown field "colour" is kept as given; the service may ignore it (check its spelling)',
    );
  });

  it('walks a recursive schema, and no deeper than 64 levels', () => {
    const node = z.looseObject({
      name: z.string(),
      get children() {
        return z.array(node).optional();
      },
    });
    expect(paths(node, { name: 'a', children: [{ name: 'b', children: [{ name: 'c', odd: 1 }] }] })).toEqual([
      ['children', 0, 'children', 0, 'odd'],
    ]);
    let deep: Record<string, unknown> = { name: 'leaf', odd: 1 };
    for (let i = 0; i < 100; i++) deep = { name: `n${i}`, children: [deep] };
    expect(paths(node, deep)).toEqual([]);
  });

  it('says nothing of fields a strict or catch-all schema types', () => {
    expect(paths(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual([]);
    expect(paths(z.object({ a: z.number() }).catchall(z.number()), { a: 1, b: 2 })).toEqual([]);
  });
});
