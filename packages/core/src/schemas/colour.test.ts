import { describe, expect, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { checkRequest } from '../validate/check-request.js';
import { loadExample } from '../validate/test-payloads.js';
import { COLOUR_FORMS, parseColour, rgbText } from './colour.js';

const FORMS = 'rgb(r,g,b) with each of r, g, b 0–255, #rgb, #rrggbb or #rrggbbaa';

describe('parseColour: the one colour grammar', () => {
  it.each([
    ['rgb(34,197,94)', { r: 34, g: 197, b: 94, alpha: 255 }],
    ['rgb( 0 , 255,  9 )', { r: 0, g: 255, b: 9, alpha: 255 }],
    ['#fff', { r: 255, g: 255, b: 255, alpha: 255 }],
    ['#0A1b2c', { r: 10, g: 27, b: 44, alpha: 255 }],
    ['#00000060', { r: 0, g: 0, b: 0, alpha: 96 }],
  ])('reads %s', (text, rgba) => {
    expect(parseColour(text)).toEqual(rgba);
  });

  it.each([
    'banana',
    'rgb(34,197,294)',
    'rgb(256,0,0)',
    'rgb(-1,0,0)',
    'rgb(1.5,0,0)',
    'rgba(0,0,0,0.5)',
    'RGB(0,0,0)',
    '#ffff',
    '#12345',
    '#gggggg',
    ' #ffffff',
    'red',
    'transparent',
    '',
  ])('refuses %j', (text) => {
    expect(parseColour(text)).toBeUndefined();
  });

  it('names the accepted forms and writes rgb()', () => {
    expect(COLOUR_FORMS).toBe(FORMS);
    expect(rgbText({ r: 1, g: 2, b: 3, alpha: 4 })).toBe('rgb(1,2,3)');
  });
});

function errorsAt(kind: 'create' | 'edit', payload: unknown): Record<string, string> {
  const result = checkRequest(kind, payload);
  const issues = result.ok ? result.warnings : result.issues;
  return Object.fromEntries(issues.filter((i) => i.severity === 'error').map((i) => [formatPath(i.path), i.message]));
}

describe('every colour field of a payload takes the one grammar', () => {
  // scene 0 of the example: shape, textImage, image, aiModel.
  const fields: [string, (payload: any) => void, string][] = [
    ['shape fill', (p) => (p.scenes[0].clips[0].fill = 'banana'), 'scenes[0].clips[0].fill'],
    ['shape stroke', (p) => (p.scenes[0].clips[0].stroke = 'rgb(34,197,294)'), 'scenes[0].clips[0].stroke'],
    [
      'shape shadow.color',
      (p) => (p.scenes[0].clips[0].shadow = { color: 'black' }),
      'scenes[0].clips[0].shadow.color',
    ],
    ['textImage fill', (p) => (p.scenes[0].clips[1].fill = 'banana'), 'scenes[0].clips[1].fill'],
    ['textImage stroke', (p) => (p.scenes[0].clips[1].stroke = '#12'), 'scenes[0].clips[1].stroke'],
    [
      'textImage backgroundColor',
      (p) => (p.scenes[0].clips[1].backgroundColor = 'rgba(0,0,0,0.5)'),
      'scenes[0].clips[1].backgroundColor',
    ],
    [
      'textImage shadow.color',
      (p) => (p.scenes[0].clips[1].shadow.color = '#0000006'),
      'scenes[0].clips[1].shadow.color',
    ],
    ['aiModel fill', (p) => (p.scenes[0].clips[3].fill = 'none'), 'scenes[0].clips[3].fill'],
    [
      'background source_color',
      (p) => (p.scenes[0].background = { source_type: 'color', source_color: 'rgb(300,0,0)' }),
      'scenes[0].background.source_color',
    ],
  ];

  it.each(fields)('refuses a bad %s at its path, naming the accepted forms', (_name, spoil, path) => {
    const payload = loadExample('create-variant-a');
    spoil(payload);
    const errors = errorsAt('create', payload);
    expect(Object.keys(errors)).toEqual([path]);
    const field = path.split('.').at(-1) ?? '';
    expect(errors[path]).toMatch(new RegExp(`^${field} must be a colour: `));
    expect(errors[path]).toContain(FORMS);
    expect(errors[path]).toMatch(/, received ".*"$/);
  });

  it('quotes the value received', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[0].clips[1].fill = 'rgb(34,197,294)';
    expect(errorsAt('create', payload)).toEqual({
      'scenes[0].clips[1].fill': `fill must be a colour: ${FORMS}, received "rgb(34,197,294)"`,
    });
  });

  it('accepts every form in every field, and a null stroke', () => {
    const payload = loadExample('create-variant-a');
    const [shape, text] = payload.scenes[0].clips;
    Object.assign(shape, { fill: '#abc', stroke: null, shadow: { color: '#00000060' } });
    Object.assign(text, { fill: 'rgb(0, 0, 0)', stroke: '#A0B0C0', backgroundColor: '#ffffff80' });
    payload.scenes[1].background = { source_type: 'color', source_color: 'rgb(255,255,255)' };
    expect(errorsAt('create', payload)).toEqual({});
  });

  it('checks the colours of an edit change', () => {
    const payload = loadExample('edit');
    payload.updates.value[1].values.fill = 'banana';
    expect(errorsAt('edit', payload)).toEqual({
      'updates.value[1].values.fill': `fill must be a colour: ${FORMS}, received "banana"`,
    });
  });
});
