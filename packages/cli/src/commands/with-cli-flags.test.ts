import { describe, expect, it } from 'vitest';
import { UsageError } from '@vsynth/core';
import { cliFlagsOnError, errorWithCliFlags, resultWithCliFlags, withCliFlags } from './with-cli-flags.js';

describe('withCliFlags', () => {
  it('says the flags where the batch library names its options, and leaves other quoted names alone', () => {
    expect(withCliFlags('over `maxCubes` 30.')).toBe('over --max-cubes 30.');
    expect(withCliFlags('Pass `resume: true` to continue it, or choose another `journal` file.')).toBe(
      'Pass --resume to continue it, or choose another --journal file.',
    );
    expect(withCliFlags('then resume with `resendUnknown: true`; `client` and `toString` are no flags')).toBe(
      'then resume with --resend-unknown; `client` and `toString` are no flags',
    );
    expect(withCliFlags('Check `batchId` and `queue`.')).toBe('Check --batch-id and --queue.');
  });

  it('rewrites an error in place, keeping its class, and a row result’s message', () => {
    const error = errorWithCliFlags(new UsageError('`projectPool` only applies to modify templates.'));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('--project-pool only applies to modify templates.');
    const result = { row: 3, errorMessage: 'Not sent: the batch would exceed `maxCubes` 10.' };
    expect(resultWithCliFlags(result)).toEqual({
      row: 3,
      errorMessage: 'Not sent: the batch would exceed --max-cubes 10.',
    });
  });

  it('rewrites the error of a promise and passes its value through', async () => {
    await expect(cliFlagsOnError(Promise.resolve(7))).resolves.toBe(7);
    await expect(cliFlagsOnError(Promise.reject(new UsageError('Choose another `batchId`.')))).rejects.toThrow(
      new UsageError('Choose another --batch-id.'),
    );
  });
});
