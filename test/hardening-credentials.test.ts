/**
 * Through the real CLI: malformed credentials are refused before any request
 * without printing them; configured secrets never reach stdout, stderr, journal or results;
 * failures before the request left say nothing was sent; bad base URLs are usage errors.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isVsynthError } from '@vsynth/core';
import { ROOT, ledger, spawnCli, testSandbox, type TestSandbox } from './batch-helpers.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await testSandbox();
  await writeFile(join(sandbox.dir, 'rows.csv'), 'name,plan\nAna,Pro\nBo,Team\n');
});
afterAll(async () => {
  await sandbox.dispose();
});

const TEMPLATE = join(ROOT, 'examples/batch/create-per-row/legacy.json');

/** A batch of two legacy creates against the sandbox, journal and results in the sandbox's directory. */
async function batch(name: string, env: Record<string, string>, extra: readonly string[] = []) {
  const journal = join(sandbox.dir, `${name}.journal.ndjson`);
  const out = join(sandbox.dir, `${name}.results.ndjson`);
  const child = spawnCli(
    [
      'batch',
      '--template',
      TEMPLATE,
      '--data',
      join(sandbox.dir, 'rows.csv'),
      '--journal',
      journal,
      '--out',
      out,
      '--events',
      'jsonl',
      ...extra,
    ],
    {
      VSYNTH_BASE_URL: sandbox.url,
      ...env,
    },
  );
  const code = await child.exited;
  const read = async (file: string) => (existsSync(file) ? await readFile(file, 'utf8') : '');
  return {
    code,
    stdout: child.output.stdout,
    stderr: child.output.stderr,
    journal: await read(journal),
    results: await read(out),
  };
}

/** Each malformed form, as `[what the message says, the value]`; halves are what must never be printed. */
const HEAD = 'sk-LEAKHEAD-7f3a9c';
const TAIL = 'LEAKTAIL-e81b04d2';
const FORMS: readonly (readonly [string, string])[] = [
  ['ends with a newline', `${HEAD}${TAIL}\n`],
  ['contains a newline at character 19 of 36', `${HEAD}\n${TAIL}`],
  ['contains a carriage return at character 19 of 36', `${HEAD}\r${TAIL}`],
  ['contains a character outside Latin-1', `${HEAD}ключ${TAIL}`],
  ['starts with a space', ` ${HEAD}${TAIL}`],
  ['ends with a space', `${HEAD}${TAIL} `],
];

function expectNoSecret(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(HEAD);
    expect(text).not.toContain(TAIL);
  }
}

describe('malformed credentials', () => {
  // VSYNTH_APP_ID and VSYNTH_USER_KEY are checked as a pair: the other one is well formed.
  const KINDS: readonly (readonly [string, (value: string) => Record<string, string>])[] = [
    ['VSYNTH_API_KEY', (value) => ({ VSYNTH_API_KEY: value })],
    ['VSYNTH_TOKEN', (value) => ({ VSYNTH_TOKEN: value })],
    ['VSYNTH_APP_ID', (value) => ({ VSYNTH_APP_ID: value, VSYNTH_USER_KEY: 'sandbox-user-key' })],
    ['VSYNTH_USER_KEY', (value) => ({ VSYNTH_APP_ID: 'sandbox-app', VSYNTH_USER_KEY: value })],
  ];

  it.each(KINDS)(
    '%s: every malformed form is a usage error naming the variable and the problem, sends nothing and prints no part of it',
    async (variable, env) => {
      const before = (await ledger(sandbox.url)).length;
      const runs = await Promise.all(
        FORMS.map(async ([problem, value]) => ({
          problem,
          run: await batch(`${variable}-${FORMS.findIndex(([p]) => p === problem)}`, env(value)),
        })),
      );
      for (const { problem, run } of runs) {
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(`vsynth: ${variable} ${problem}`);
        expect(run.stderr).toContain('(the value is not shown)');
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expectNoSecret(run.stdout, run.stderr, run.journal, run.results);
        // Refused before a journal or results file is opened: no row is marked unknown.
        expect(run.journal).toBe('');
        expect(run.results).toBe('');
      }
      expect(await ledger(sandbox.url)).toHaveLength(before);
    },
    60_000,
  );

  it('VSYNTH_WEBHOOK_SECRET in every malformed form signs the webhook addresses and appears in no output, journal or results', async () => {
    const runs = await Promise.all(
      FORMS.map(([, value], index) =>
        batch(`webhook-${index}`, { VSYNTH_API_KEY: 'sandbox-key', VSYNTH_WEBHOOK_SECRET: value }, [
          '--collect-webhooks',
          '--webhook-wait',
          '20',
        ]),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.results).toContain('"videoUrl"');
      expectNoSecret(run.stdout, run.stderr, run.journal, run.results);
    }
  }, 60_000);

  it('a NUL byte (only possible through the library: the environment cannot hold one) is refused the same way', () => {
    let caught: unknown;
    try {
      createClient({ apiKey: `${HEAD}\0${TAIL}`, baseUrl: sandbox.url, env: {} });
    } catch (error) {
      caught = error;
    }
    expect(isVsynthError(caught) && caught.code).toBe('VSYNTH_CONFIG');
    expect((caught as Error).message).toBe(
      'The apiKey option (VSYNTH_API_KEY) contains a NUL byte at character 19 of 36, so it cannot be sent as a header. Set it again without it (the value is not shown).',
    );
  });
});

describe('one redaction step over every sink', () => {
  // The secret is configured as the webhook secret and also appears in the data as the project a
  // row modifies, so the service's 404 for that row quotes it: each sink must carry [redacted].
  it('removes a configured secret from stderr, the journal, the results file and the events', async () => {
    const secret = 'whsec-REDACTME-55aa01';
    const rows = join(sandbox.dir, 'leaky.csv');
    await writeFile(rows, `name,plan\n${secret},Pro\n`);
    const journal = join(sandbox.dir, 'leaky.journal.ndjson');
    const out = join(sandbox.dir, 'leaky.results.ndjson');
    const template = join(sandbox.dir, 'leaky.json');
    await writeFile(template, JSON.stringify({ projectId: '{{name}}', updates: { title_0: 'Hi {{plan}}' } }));
    const child = spawnCli(
      [
        'batch',
        '--template',
        template,
        '--data',
        rows,
        '--journal',
        journal,
        '--out',
        out,
        '--events',
        'jsonl',
        '--max-attempts',
        '1',
      ],
      {
        VSYNTH_BASE_URL: sandbox.url,
        VSYNTH_API_KEY: 'sandbox-key',
        VSYNTH_WEBHOOK_SECRET: secret,
      },
    );
    const code = await child.exited;
    const sinks = {
      stdout: child.output.stdout,
      stderr: child.output.stderr,
      journal: await readFile(journal, 'utf8'),
      results: await readFile(out, 'utf8'),
    };
    expect(code, sinks.stderr).toBe(6);
    for (const [sink, text] of Object.entries(sinks)) expect(text, sink).not.toContain(secret);
    expect(sinks.results).toContain('[redacted]');
    expect(sinks.journal).toContain('[redacted]');
    expect(sinks.stderr).toContain('[redacted]');
  }, 30_000);

  it('removes a configured secret from the requests file of a dry run', async () => {
    const secret = 'whsec-DRYRUN-7c21f0';
    const rows = join(sandbox.dir, 'leaky-dry.csv');
    await writeFile(rows, `name,plan\n${secret},Pro\nAda,Team\n`);
    const template = join(sandbox.dir, 'leaky-dry.json');
    await writeFile(template, JSON.stringify({ projectId: '{{name}}', updates: { title_0: 'Hi {{plan}}' } }));
    const requests = join(sandbox.dir, 'leaky-dry.requests.ndjson');
    const child = spawnCli(
      ['batch', '--template', template, '--data', rows, '--dry-run', '--requests', requests, '--events', 'none'],
      { VSYNTH_WEBHOOK_SECRET: secret },
    );
    expect(await child.exited, child.output.stderr).toBe(0);
    const written = (await readFile(requests, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { row: number; body: { projectId: string } });
    expect(written.map((r) => [r.row, r.body.projectId])).toEqual([
      [1, '[redacted]'],
      [2, 'Ada'],
    ]);
  }, 30_000);
});

describe('the CLI error printer', () => {
  it('removes a configured secret from the message it prints (stderr sink)', async () => {
    const secret = 'tok-PRINTED-41c9e0aa';
    const child = spawnCli(['validate', join(sandbox.dir, `${secret}.json`)], { VSYNTH_TOKEN: secret });
    expect(await child.exited).toBe(2);
    expect(child.output.stderr).toBe(
      `vsynth: Cannot read ${join(sandbox.dir, '[redacted].json')}: no such file. Check the path and try again.\n`,
    );
  });
});

describe('failures before the request left', () => {
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it('a refused connection keeps batch rows failed/network with a nothing-was-sent message (not unknown), so --resume sends them', async () => {
    const port = await closedPort();
    const run = await batch('refused', { VSYNTH_BASE_URL: `http://127.0.0.1:${port}`, VSYNTH_API_KEY: 'sandbox-key' }, [
      '--max-attempts',
      '1',
    ]);
    expect(run.code, run.stderr).toBe(6);
    const results = run.results
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(results.map((r) => [r['status'], r['reason']])).toEqual([
      ['failed', 'network'],
      ['failed', 'network'],
    ]);
    expect(String(results[0]!['errorMessage'])).toBe(
      'Network error on POST /api/odin/editor/project: connection refused. Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.',
    );
    expect(run.stderr).not.toContain('spend cubes twice');
    expect(run.journal).not.toContain('"type":"unknown"');
  }, 30_000);

  it('submit: refused is exit 5 saying nothing was sent; a TLS handshake failure too', async () => {
    const port = await closedPort();
    const payload = join(ROOT, 'examples/payloads/create-variant-a.json');
    for (const base of [`http://127.0.0.1:${port}`, sandbox.url.replace('http:', 'https:')]) {
      const child = spawnCli(['submit', payload], { VSYNTH_BASE_URL: base, VSYNTH_API_KEY: 'sandbox-key' });
      expect(await child.exited, child.output.stderr).toBe(5);
      expect(child.output.stderr).toMatch(
        /^vsynth: Network error on POST \/api\/odin\/v3\/editor\/project: (connection refused|the TLS handshake failed \(ERR_SSL_[A-Z_]+\))\. Nothing was sent, so it is safe to retry/,
      );
      expect(child.output.stderr).not.toContain('may or may not');
    }
  }, 30_000);

  it('a fetch-blocked port, a query or a fragment in the base URL is a usage error (exit 2) before anything is sent', async () => {
    const cases: readonly (readonly [string, RegExp])[] = [
      ['http://127.0.0.1:1', /VSYNTH_BASE_URL \(baseUrl\) uses port 1, which HTTP clients refuse to connect to/],
      [`${sandbox.url}/?region=eu`, /VSYNTH_BASE_URL \(baseUrl\) must not contain a query \(\?…\) or fragment \(#…\)/],
      [`${sandbox.url}/#top`, /must not contain a query \(\?…\) or fragment/],
    ];
    const before = (await ledger(sandbox.url)).length;
    const runs = await Promise.all(
      cases.map(([base], index) => batch(`url-${index}`, { VSYNTH_BASE_URL: base, VSYNTH_API_KEY: 'sandbox-key' })),
    );
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(cases[index]![1]);
      expect(run.journal).toBe('');
    });
    expect(await ledger(sandbox.url)).toHaveLength(before);
  }, 30_000);
});
