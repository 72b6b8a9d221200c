import { formatIssue, isValidationError } from '@vsynth/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anna, minhoCasual } from '../fixtures/avatars.js';
import { parseProps } from './parse-props.js';
import { assetUrlProp, avatarProp, colourProp, languageProp } from './prop-kinds.js';
import { propsJsonSchema } from './props-schema.js';

const schema = z.object({
  brand: colourProp().default('#1e40af'),
  logo: assetUrlProp(),
  presenter: avatarProp([anna, minhoCasual]),
  language: languageProp().default('en-US'),
});

function messages(input: Record<string, unknown>): string[] {
  try {
    parseProps(schema, input, { name: 'props' });
  } catch (error) {
    if (isValidationError(error)) return error.issues.map((i) => formatIssue(i).split('\n')[0] ?? '');
    throw error;
  }
  return [];
}

describe('prop kinds', () => {
  it('accept what the service takes, with defaults', () => {
    const props = parseProps(schema, { logo: 'https://cdn.example.com/logo.png', presenter: 'anna' }, { name: 'p' });
    expect(props).toEqual({
      brand: '#1e40af',
      logo: 'https://cdn.example.com/logo.png',
      presenter: 'anna',
      language: 'en-US',
    });
  });

  it('refuse a bad colour, a local asset, an unknown avatar and language, naming what is accepted', () => {
    const found = messages({ brand: 'rgb(34,197,294)', logo: 'assets/logo.svg', presenter: 'ghost', language: 'xx' });
    expect(found).toHaveLength(4);
    expect(found[0]).toBe(
      '✖ brand must be a colour: rgb(r,g,b) with each of r, g, b 0–255, #rgb, #rrggbb or #rrggbbaa, received "rgb(34,197,294)"',
    );
    expect(found[1]).toContain('logo');
    expect(found[1]).toContain('http(s) address');
    expect(found[2]).toContain('"anna"');
    expect(found[3]).toContain('"en-US"');
  });

  it('describe a colour for editors (format: color) and the avatars as an enum', () => {
    const json = propsJsonSchema(schema).properties ?? {};
    expect(json['brand']).toMatchObject({ type: 'string', format: 'color', default: '#1e40af' });
    expect(json['presenter']).toMatchObject({ enum: ['anna', 'minho-casual'] });
  });
});
