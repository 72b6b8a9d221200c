/**
 * A fast-check arbitrary of hostile JSON request texts: a valid create whose field holds deep
 * nesting, a huge string or an odd number, written as text (some cannot be built as values).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { REPO_ROOT } from './run-vsynth.js';

const PLACEHOLDER = '"__FUZZ__"';

/** Nested containers around a number: arrays, objects or both in turn. */
const deepNesting = fc
  .record({ levels: fc.integer({ min: 1, max: 5_000 }), kind: fc.constantFrom('array', 'object', 'mixed') })
  .map(({ levels, kind }) => {
    let open = '';
    let close = '';
    for (let level = 0; level < levels; level++) {
      const array = kind === 'array' || (kind === 'mixed' && level % 2 === 0);
      open += array ? '[' : '{"k":';
      close = (array ? ']' : '}') + close;
    }
    return `${open}1${close}`;
  });

const hugeString = fc
  .record({
    length: fc.integer({ min: 0, max: 300_000 }),
    piece: fc.constantFrom('x', 'é', '\\u0000', '\\ud800', '\\"', '\\\\', '😀', '\\n'),
  })
  .map(({ length, piece }) => `"${piece.repeat(Math.ceil(length / piece.length))}"`);

const oddNumber = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '-0.0e-0',
  '123456789012345678901234567890',
  '9007199254740993',
  '1E+2',
  '0.1e1',
  '5e-324',
  '1.7976931348623157e308',
);

/** Where the hostile value goes in examples/payloads/create-variant-a.json. */
const PLACES = ['extra', 'name', 'webhookUrl', 'scenes', 'scene', 'width'] as const;

function withPlaceholder(place: (typeof PLACES)[number]): string {
  const payload = JSON.parse(readFileSync(join(REPO_ROOT, 'examples/payloads/create-variant-a.json'), 'utf8'));
  if (place === 'scene') payload.scenes[0].extra = '__FUZZ__';
  else if (place === 'width') payload.scenes[0].clips[0].width = '__FUZZ__';
  else payload[place] = '__FUZZ__';
  return JSON.stringify(payload);
}

/** A create request as JSON text with one hostile value in it. */
export const hostileCreateText: fc.Arbitrary<string> = fc
  .record({ place: fc.constantFrom(...PLACES), value: fc.oneof(deepNesting, hugeString, oddNumber) })
  .map(({ place, value }) => withPlaceholder(place).replace(PLACEHOLDER, () => value));
