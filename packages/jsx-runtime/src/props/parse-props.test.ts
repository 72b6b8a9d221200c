import { isValidationError, formatIssue } from '@vsynth/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseProps, type PropsOrigin } from './parse-props.js';

const schema = z.object({
  customer: z.string(),
  showPricing: z.boolean().default(false),
  features: z.array(z.object({ title: z.string(), price: z.number() })),
});

function problems(input: unknown, origin: PropsOrigin): string[] {
  try {
    parseProps(schema, input, origin);
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return error.issues.map((found) => formatIssue(found));
  }
  throw new Error('expected the props to be refused');
}

describe('parseProps', () => {
  it('applies defaults and returns the parsed props', () => {
    expect(parseProps(schema, { customer: 'Dana', features: [] }, { name: 'props' })).toEqual({
      customer: 'Dana',
      showPricing: false,
      features: [],
    });
  });

  it('reports an unknown key with the closest prop, a missing one and a mistyped one together, at their lines', () => {
    const text = [
      '{',
      '  "custmer": "Dana",',
      '  "showPricing": "no",',
      '  "features": [{ "title": "Seats", "price": "12,50" }]',
      '}',
      '',
    ].join('\n');
    const lines = problems(JSON.parse(text), { name: 'video.props.json', text });
    expect(lines).toEqual([
      '✖ custmer is not a prop of this video; did you mean "customer"?\n  → at video.props.json:2:3 · custmer',
      '✖ customer is required: expected a string, received nothing\n  → at video.props.json:1:1 · customer',
      '✖ showPricing must be true or false, received "no"\n  → at video.props.json:3:3 · showPricing',
      '✖ price must be a number, received "12,50"\n  → at video.props.json:4:36 · features[0].price',
    ]);
  });

  it('takes a props file that names its JSON Schema for editors', () => {
    const input = { $schema: './video.props.schema.json', customer: 'Dana', features: [] };
    expect(parseProps(schema, input, { name: 'video.props.json' })).toEqual({
      customer: 'Dana',
      showPricing: false,
      features: [],
    });
  });

  it('names unknown keys inside arrays of objects by their path', () => {
    const lines = problems({ customer: 'D', features: [{ title: 'a', price: 1, prise: 2 }] }, { name: '--props' });
    expect(lines).toEqual([
      expect.stringContaining('features.0.prise is not a prop of this video; did you mean "price"?'),
    ]);
  });
});
