import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/validation-error.js';
import { checkRequest } from '../validate/check-request.js';
import { loadExample, mutate, pathsOf } from '../validate/test-payloads.js';
import { displayedBox } from './displayed-box.js';
import { legacyProjectToV3 } from './legacy-project-to-v3.js';
import { legacyTextToV3 } from './legacy-text-to-v3.js';
import { v3AvatarToLegacy } from './v3-avatar-to-legacy.js';
import { v3ImageToLegacy } from './v3-image-to-legacy.js';
import { v3TextToLegacy } from './v3-text-to-legacy.js';

/** Runs `run`; a ValidationError is an answer, any other throw fails the property. */
function answers(run: () => unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { ok: false };
  }
}

const legacy = loadExample('legacy');
const legacyPaths = pathsOf(legacy);
/** The legacy example with one place replaced by random JSON. */
const mutatedLegacy = fc
  .tuple(fc.nat(), fc.jsonValue({ maxDepth: 2 }))
  .map(([pick, value]) => mutate(legacy, legacyPaths[pick % legacyPaths.length]!, value));

const boxFields = fc.dictionary(
  fc.constantFrom(
    'left',
    'top',
    'width',
    'height',
    'scaleX',
    'scaleY',
    'model',
    'fontSize',
    'text',
    'textSource',
    'scale',
    'locationX',
    'locationY',
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('geometry on data from the wild (fuzz)', () => {
  it('legacyProjectToV3 throws only ValidationError, and what it returns is a valid v3 payload', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), mutatedLegacy), (input) => {
        const converted = answers(() => legacyProjectToV3(input as never));
        if (!converted.ok) return;
        const { payload } = converted.value as ReturnType<typeof legacyProjectToV3>;
        const result = checkRequest('create', payload);
        expect(result.ok ? [] : result.issues.filter((i) => i.severity === 'error')).toEqual([]);
      }),
      { numRuns: 1500 },
    );
  });

  it('converts every legacy payload that validates, with placements of everyday size', () => {
    // Locations within two canvases of the centre, scales up to 100: far beyond real use.
    const placement = {
      locationX: fc.double({ min: -2, max: 2, noNaN: true }),
      locationY: fc.double({ min: -2, max: 2, noNaN: true }),
      scale: fc.double({ min: 0.01, max: 100, noNaN: true }),
      layer: fc.integer({ min: -1000, max: 1000 }),
    };
    const placed = fc.record(placement, { requiredKeys: [] });
    fc.assert(
      fc.property(placed, placed, placed, (avatar, image, text) => {
        const input = structuredClone(legacy);
        Object.assign(input.scenes[0].AIModel, avatar);
        Object.assign(input.scenes[0].clips[1].detail, image);
        Object.assign(input.scenes[0].clips[2].detail, text);
        expect(checkRequest('legacy', input).ok).toBe(true);
        const { payload } = legacyProjectToV3(input);
        const result = checkRequest('create', payload);
        expect(result.ok ? [] : result.issues.filter((i) => i.severity === 'error')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('the single-clip converters throw only ValidationError for wrong-typed fields', () => {
    fc.assert(
      fc.property(boxFields, (clip) => {
        for (const convert of [displayedBox, v3AvatarToLegacy, v3ImageToLegacy, v3TextToLegacy, legacyTextToV3]) {
          answers(() => convert(clip as never));
          answers(() => convert({ ...clip, type: 'aiModel' } as never));
        }
      }),
      { numRuns: 1500 },
    );
  });
});
