import { isUsageError } from '@vsynth/core';
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { numberOption, parseNumberOption } from './option-parsers.js';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('numberOption', () => {
  it('returns the number of a value in range', () => {
    expect(numberOption('--port', { max: 65_535, integer: true })('4010')).toBe(4010);
    expect(numberOption('--fault-429', { max: 1 })('0.25')).toBe(0.25);
    expect(numberOption('--max-cubes')('0')).toBe(0);
  });

  it('rejects a value out of range as a commander argument error naming flag, range and value', () => {
    const parse = numberOption('--fault-429', { max: 1 });
    expect(() => parse('2')).toThrow(InvalidArgumentError);
    expect(messageOf(() => parse('2'))).toBe('--fault-429 takes a number from 0 to 1, got "2".');
    expect(messageOf(() => numberOption('--latency')('-1'))).toBe('--latency takes a number of 0 or more, got "-1".');
    expect(messageOf(() => numberOption('--rps', { aboveMin: true })('0'))).toBe(
      '--rps takes a number greater than 0, got "0".',
    );
  });

  it('accepts only digits for a whole number', () => {
    const parse = numberOption('--concurrency', { min: 1, integer: true });
    for (const text of ['1.5', '1e3', '0x10', '', ' ', 'four']) {
      expect(messageOf(() => parse(text))).toBe(`--concurrency takes a whole number of 1 or more, got "${text}".`);
    }
    expect(parse(' 8 ')).toBe(8);
  });

  it('rejects text that is not a number, including an empty value', () => {
    expect(messageOf(() => numberOption('--retry-after')(''))).toBe(
      '--retry-after takes a number of 0 or more, got "".',
    );
    expect(messageOf(() => numberOption('--retry-after')('soon'))).toBe(
      '--retry-after takes a number of 0 or more, got "soon".',
    );
  });
});

describe('parseNumberOption', () => {
  it('throws a UsageError with the same wording', () => {
    let thrown: unknown;
    try {
      parseNumberOption('--scale', '9', { aboveMin: true, max: 8 });
    } catch (error) {
      thrown = error;
    }
    expect(isUsageError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe('--scale takes a number greater than 0 and at most 8, got "9".');
    expect(parseNumberOption('--scale', '0.25', { aboveMin: true, max: 8 })).toBe(0.25);
  });
});
