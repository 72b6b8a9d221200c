import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, sandboxEnv, testSandbox, type TestSandbox } from './batch-helpers.js';
import { runVsynth } from './run-vsynth.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await testSandbox();
});
afterAll(async () => {
  await sandbox.dispose();
});

describe('vsynth audio', () => {
  it('takes --webhook-url like every command that sends a webhook address, and --webhook as its alias', async () => {
    const audio = (extra: string[]) =>
      runVsynth(['audio', '--text', 'hello', '--model', 'anna', '--language', 'en', ...extra], {
        env: sandboxEnv(sandbox),
      });
    const [named, alias, both] = await Promise.all([
      audio(['--webhook-url', 'https://hooks.example.com/a']),
      audio(['--webhook', 'https://hooks.example.com/b']),
      audio(['--webhook-url', 'https://hooks.example.com/c', '--webhook', 'https://hooks.example.com/d']),
    ]);
    expect(named.code, named.stderr).toBe(0);
    expect(alias.code, alias.stderr).toBe(0);
    expect(both.stderr).toContain('--webhook is an alias of --webhook-url: give one address, not two.');
    expect(both.code).toBe(2);
    const hooks = (await ledger(sandbox.url))
      .filter((entry) => entry.endpoint.endsWith('/audio'))
      .map((entry) => entry.body['webhook'])
      .sort();
    expect(hooks).toEqual(['https://hooks.example.com/a', 'https://hooks.example.com/b']);
  });
});
