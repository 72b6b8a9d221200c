import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { checkRequest } from './check-request.js';
import { zodIssuesToIssues } from './zod-issues-to-issues.js';

function issuesFor(schema: z.ZodType, input: unknown, withInput = true) {
  const result = schema.safeParse(input, withInput ? { reportInput: true } : undefined);
  if (result.success) return [];
  return zodIssuesToIssues(result.error, withInput ? { input } : {}).map(
    (i) => `${i.code} ${formatPath(i.path)}: ${i.message}`,
  );
}

describe('zodIssuesToIssues', () => {
  it('says what was expected and what was received', () => {
    const schema = z.object({
      a: z.number().int(),
      b: z.string().min(1),
      c: z.array(z.string()).max(1),
      d: z.boolean(),
    });
    expect(issuesFor(schema, { a: 1.5, b: '', c: ['x', 'y'], d: 'no' })).toEqual([
      'invalid_type a: a must be an integer, received 1.5',
      'too_small b: b must not be empty, received ""',
      'too_big c: c must hold at most 1 entry, received 2 entries',
      'invalid_type d: d must be true or false, received "no"',
    ]);
  });

  it('tells a missing field from a wrong one even without the input', () => {
    const schema = z.object({ scenes: z.array(z.object({ sceneIdx: z.number() })) });
    expect(issuesFor(schema, { scenes: [{}, { sceneIdx: 'x' }] }, false)).toEqual([
      'missing scenes[0].sceneIdx: sceneIdx is required: expected a number, received nothing',
      'invalid_type scenes[1].sceneIdx: sceneIdx must be a number, received a string',
    ]);
  });

  it('names array entries and the root', () => {
    expect(issuesFor(z.array(z.string()), ['a', 3])).toEqual([
      'invalid_type [1]: the payload[1] must be a string, received 3',
    ]);
    expect(issuesFor(z.object({}), null)).toEqual([
      'invalid_type (root): the payload must be an object, received null',
    ]);
  });

  it('reports strict-object extra keys one by one and keeps custom issues as rules', () => {
    expect(issuesFor(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual([
      'unknown_key b: "b" is not a known field of the payload; remove it or check its spelling',
      'unknown_key c: "c" is not a known field of the payload; remove it or check its spelling',
    ]);
    const refined = z
      .object({ n: z.number() })
      .refine((v) => v.n > 2, { message: 'n must exceed 2 here', path: ['n'] });
    expect(issuesFor(refined, { n: 1 })).toEqual(['rule n: n must exceed 2 here']);
  });

  it('reports the failing branch of a union when the value fits one branch', () => {
    const schema = z.object({ tts: z.union([z.null(), z.object({ voice: z.string() })]) });
    expect(issuesFor(schema, { tts: { voice: 5 } })).toEqual([
      'invalid_type tts.voice: voice must be a string, received 5',
    ]);
    expect(issuesFor(schema, { tts: 'x' })).toEqual(['invalid_type tts: tts must be null or an object, received "x"']);
  });

  it('reports a wrong type once, without a size complaint about the wrong value', () => {
    const schema = z.object({ scripts: z.array(z.string()).length(1), name: z.string().min(1) });
    expect(issuesFor(schema, { scripts: 'hello', name: [] })).toEqual([
      'invalid_type scripts: scripts must be an array, received "hello"',
      'invalid_type name: name must be a string, received an empty array',
    ]);
    const union = z.object({ tts: z.union([z.null(), z.array(z.string()).min(2)]) });
    expect(issuesFor(union, { tts: 'ab' })).toEqual(['invalid_type tts: tts must be null or an array, received "ab"']);
  });

  it('gives long strings shortened', () => {
    const long = 'x'.repeat(60);
    expect(issuesFor(z.object({ n: z.number() }), { n: long })).toEqual([
      `invalid_type n: n must be a number, received "${'x'.repeat(40)}…"`,
    ]);
  });
});

describe('unknown fields inside edit values', () => {
  it('are warnings at their path, typed fields are errors', () => {
    const result = checkRequest('edit', {
      updates: { value: [{ sceneIdx: 0, type: 'textImage', values: { text: 'x', colour: 'red', opacity: 200 } }] },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => `${i.severity} ${formatPath(i.path)}`)).toEqual([
      'error updates.value[0].values.opacity',
      'warning updates.value[0].values.colour',
    ]);
  });
});
