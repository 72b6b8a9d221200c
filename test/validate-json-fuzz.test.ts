import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runValidate } from '../packages/cli/src/commands/validate.js';
import { exitCodeFor } from '../packages/cli/src/exit-code-for.js';
import { hostileCreateText } from './hostile-json.js';

const dir = mkdtempSync(join(tmpdir(), 'vsynth-validate-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('vsynth validate under hostile JSON files', () => {
  it('exits 0 or 3 with a one-line reason, never an internal error', async () => {
    const file = join(dir, 'payload.json');
    await fc.assert(
      fc.asyncProperty(hostileCreateText, async (text) => {
        writeFileSync(file, text);
        try {
          await runValidate(file, { kind: 'create', stderr: { write: () => true } });
        } catch (error) {
          expect(exitCodeFor(error), String(error)).toBe(3);
          expect((error as Error).message).not.toMatch(/call stack|\n\s+at /);
        }
      }),
      { numRuns: 100, seed: 48 },
    );
  }, 120_000);
});
