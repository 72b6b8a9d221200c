import { describe, expect, it } from 'vitest';
import { propsFileText } from './props-file-text.js';

describe('propsFileText', () => {
  it('edits only the changed values, keeping key order, comments and layout', () => {
    const before = [
      '{',
      '  // who the video greets',
      '  "customer": "Dana",',
      '  "$schema": "./video.props.schema.json",',
      '  "features": [{ "title": "Seats", "price": 12 }, { "title": "Exports", "price": 3 }],',
      '  "brand":   "#1e40af"',
      '}',
      '',
    ].join('\n');
    const after = propsFileText(before, {
      customer: 'Ana',
      $schema: './video.props.schema.json',
      features: [
        { title: 'Seats', price: 14 },
        { title: 'Exports', price: 3 },
      ],
      brand: '#ff0000',
    });
    expect(after).toBe(before.replace('"Dana"', '"Ana"').replace('12 }', '14 }').replace('"#1e40af"', '"#ff0000"'));
  });

  it('adds a new prop at the end, removes a dropped one and rewrites an array whose length changed', () => {
    const before = '{\n  "customer": "Dana",\n  "plan": "Pro",\n  "tags": ["a"]\n}\n';
    const after = propsFileText(before, { customer: 'Dana', tags: ['a', 'b'], brand: { main: '#fff' } });
    expect(after).toBe(
      '{\n  "customer": "Dana",\n  "tags": [\n    "a",\n    "b"\n  ],\n  "brand": {\n    "main": "#fff"\n  }\n}\n',
    );
  });

  it('adds a prop to an object on one line on that line', () => {
    expect(propsFileText('{ "customer": "Dana" }', { customer: 'Dana', seats: 3 })).toBe(
      '{ "customer": "Dana", "seats": 3 }',
    );
  });

  it('writes a new file as indented JSON', () => {
    expect(propsFileText(undefined, { customer: 'Ana' })).toBe('{\n  "customer": "Ana"\n}\n');
  });
});
