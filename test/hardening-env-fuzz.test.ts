/**
 * Random bytes in every `VSYNTH_*` variable never produce a stack trace, a secret in
 * the output, or an exit code other than 0/2/3/4/5. Most cases call the client's environment
 * reader in process; a handful spawn the real CLI (slow) against a sandbox.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isVsynthError, resolveClientConfig } from '@vsynth/core';
import { runVsynth } from './run-vsynth.js';
import { testSandbox, type TestSandbox } from './batch-helpers.js';

/** Values start with a marker no message contains, so finding it in output means a value leaked. */
const MARKER = 'QZXSECRET';
const SECRET_VARS = [
  'VSYNTH_API_KEY',
  'VSYNTH_TOKEN',
  'VSYNTH_APP_ID',
  'VSYNTH_USER_KEY',
  'VSYNTH_WEBHOOK_SECRET',
] as const;

/** Random bytes as the environment would hold them: any UTF-8 decoding, or Latin-1 of raw bytes. */
const bytes = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.uint8Array({ maxLength: 24 }).map((array) => Buffer.from(array).toString('latin1')),
  fc.constantFrom('', ' ', '\n', '\r\n', '\t'),
);
const secret = fc.option(
  fc.tuple(bytes, bytes).map(([before, after]) => `${before}${MARKER}${after}`),
  { nil: undefined },
);

function secretEnv(values: readonly (string | undefined)[]): Record<string, string> {
  const env: Record<string, string> = {};
  SECRET_VARS.forEach((name, index) => {
    const value = values[index];
    if (value !== undefined) env[name] = value;
  });
  return env;
}

describe('the client environment reader with random bytes', () => {
  it('returns a config or throws a VSYNTH_CONFIG error quoting no secret', () => {
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 5, maxLength: 5 }),
        fc.option(bytes, { nil: undefined }),
        fc.option(bytes, { nil: undefined }),
        (values, baseUrl, legacy) => {
          const env = {
            ...secretEnv(values),
            ...(baseUrl === undefined ? {} : { VSYNTH_BASE_URL: baseUrl }),
            ...(legacy === undefined ? {} : { VSYNTH_LEGACY_BASE_URL: legacy }),
          };
          try {
            resolveClientConfig({ env });
            createClient({ env });
          } catch (error) {
            expect(isVsynthError(error) && error.code).toBe('VSYNTH_CONFIG');
            expect((error as Error).message).not.toContain(MARKER);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the CLI with random bytes in every VSYNTH_* variable', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(async () => {
    await sandbox.dispose();
  });

  it('exits 0, 2, 3, 4 or 5 without a stack trace or a secret', async () => {
    // Base URLs stay off the network: the sandbox (with random path text), or text that is not an http(s) address.
    const baseUrl = fc.oneof(
      fc.constant(sandbox.url),
      bytes.map((text) => `${sandbox.url}/${encodeURIComponent(text)}`),
      bytes.filter((text) => !/^\s*https?:/i.test(text)),
    );
    const withoutNul = (text: string) => text.replaceAll('\0', '');
    const cases = fc.sample(
      fc.tuple(
        fc.array(secret, { minLength: 5, maxLength: 5 }),
        baseUrl,
        fc.option(baseUrl, { nil: undefined }),
        fc.option(bytes, { nil: undefined }),
      ),
      { numRuns: 8, seed: 14 },
    );
    for (const [values, base, legacy, debug] of cases) {
      // The environment of a process cannot hold a NUL byte.
      const env: Record<string, string> = Object.fromEntries(
        Object.entries(secretEnv(values)).map(([name, value]) => [name, withoutNul(value)]),
      );
      env['VSYNTH_BASE_URL'] = withoutNul(base);
      if (legacy !== undefined) env['VSYNTH_LEGACY_BASE_URL'] = withoutNul(legacy);
      if (debug !== undefined) env['VSYNTH_DEBUG'] = withoutNul(debug);
      const run = await runVsynth(['submit', 'examples/payloads/create-variant-a.json'], { env });
      const shown = JSON.stringify(env);
      expect([0, 2, 3, 4, 5], `${shown}\n${run.stderr}`).toContain(run.code);
      expect(run.stderr, shown).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
      expect(run.stdout + run.stderr, shown).not.toContain(MARKER);
    }
  }, 120_000);
});
