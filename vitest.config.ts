import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const conditions = ['@vsynth/source', 'import', 'module', 'node', 'default'];

// Each run gets its own XDG_CACHE_HOME, inherited by the commands tests start: defaults kept in the
// user's cache (the webhook listener's settled ids) are never shared with the user or an earlier run.
// Made and removed by test/global-setup.ts; named after the process that runs the tests.
const cacheHome = join(tmpdir(), `vsynth-test-cache-${process.pid}`);
process.env['VSYNTH_TEST_CACHE_HOME'] = cacheHome;

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@vsynth/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    env: { XDG_CACHE_HOME: cacheHome },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
