/**
 * `vsynth sandbox`: runs the local implementation of the video synthesis interface until
 * SIGINT/SIGTERM, printing its base URL and keys on start.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
// The sandbox (and preview's renderer behind its artifacts) loads only when the command runs.
import type { RunningSandbox, SandboxApp, SandboxOptions } from '@vsynth/sandbox';
import { firstSignal } from '../first-signal.js';
import { collectHostName, numberOption } from '../option-parsers.js';

export interface SandboxCommandOptions extends SandboxOptions {
  /**
   * `preview` (default): exports serve `@vsynth/preview`'s artifact; `json`: the project JSON. Ignored when
   * `renderArtifact` is given.
   */
  readonly artifact?: 'preview' | 'json';
  /** Print nothing but the start JSON line (no event log on stderr). */
  readonly quiet?: boolean;
  readonly stderr?: { write(text: string): unknown };
  readonly stdout?: { write(text: string): unknown };
  /** Resolves when the sandbox should stop. Default: the first SIGINT or SIGTERM. */
  readonly until?: Promise<unknown>;
}

/** Default port of `vsynth sandbox`, so `VSYNTH_BASE_URL` stays the same between runs. */
const SANDBOX_DEFAULT_PORT = 4010;

/**
 * Registers `vsynth sandbox`. Exit 0 after a clean stop on SIGINT/SIGTERM; 2 for a bad flag, a
 * port in use or a data directory held by another sandbox.
 *
 * @example registerSandbox(program) // vsynth sandbox --port 0 --fault-429 0.2 --export-seconds 5
 */
export function registerSandbox(program: Command): void {
  program
    .command('sandbox')
    .description('Run a local implementation of the whole service interface (v3 and legacy on one port) until Ctrl-C')
    .option(
      '--port <port>',
      `port to listen on; 0 picks a free one (default ${SANDBOX_DEFAULT_PORT})`,
      numberOption('--port', { max: 65_535, integer: true }),
    )
    .option('--host <host>', 'interface to listen on (default 127.0.0.1)')
    .option(
      '--allowed-host <name>',
      'also answer requests whose Host is this name, e.g. a Docker service name (localhost and IP addresses always are; .name allows subdomains); repeatable',
      collectHostName,
      [] as string[],
    )
    .option(
      '--data-dir <dir>',
      'where projects, ledger and artifacts are kept (default $XDG_CACHE_HOME/vsynth/sandbox or ~/.cache/vsynth/sandbox)',
    )
    .option(
      '--api-key <key>',
      'accept this API key in Authorization; repeatable (default: sandbox-key, unless --app is given)',
      collect,
      [] as string[],
    )
    .option(
      '--app <appId:userKey>',
      'let this AppId/UserKey pair issue tokens at POST /sandbox/token; repeatable (default sandbox-app:sandbox-user-key, unless --api-key is given)',
      collectApp,
      [] as SandboxApp[],
    )
    .option(
      '--latency <ms>',
      'answer each spec request this long after it arrived (handled meanwhile)',
      numberOption('--latency'),
    )
    .option(
      '--fault-5xx <rate>',
      'share (0-1) of spec requests answered 503 before processing',
      numberOption('--fault-5xx', { max: 1 }),
    )
    .option(
      '--fault-429 <rate>',
      'share (0-1) of spec requests answered 429 with Retry-After before processing',
      numberOption('--fault-429', { max: 1 }),
    )
    .option('--retry-after <seconds>', 'Retry-After of injected 429s (default 1)', numberOption('--retry-after'))
    .option(
      '--fault-lost-response <rate>',
      'share (0-1) of successful spec requests processed and stored, then dropped unanswered',
      numberOption('--fault-lost-response', { max: 1 }),
    )
    .option(
      '--webhook-drop <rate>',
      'share (0-1) of webhook attempts dropped (then retried with backoff)',
      numberOption('--webhook-drop', { max: 1 }),
    )
    .option(
      '--remote-webhooks',
      'also deliver webhooks to addresses off this machine (default: loopback receivers only)',
    )
    .option(
      '--token-ttl <seconds>',
      'lifetime of issued tokens (default 86400)',
      numberOption('--token-ttl', { min: 1 }),
    )
    .option('--export-seconds <n>', 'how long an export takes (default 2)', numberOption('--export-seconds'))
    .option(
      '--dubbing-polls <n>',
      'progress polls until a dubbing job reports 100 (default 4)',
      numberOption('--dubbing-polls', { min: 1, max: 1_000_000, integer: true }),
    )
    .option('--max-upload-mb <mb>', 'largest dubbing upload in MiB (default 2048)', numberOption('--max-upload-mb'))
    .addOption(
      new Option(
        '--artifact <kind>',
        'what an export produces: preview (MP4 draft with ffmpeg, else contact sheet PNG) or json (the project JSON)',
      )
        .choices(['preview', 'json'])
        .default('preview'),
    )
    .option(
      '--no-fsync',
      'do not fsync the store after each batch of writes (faster; a crash may lose the last answered requests)',
    )
    .option('--quiet', 'log no events on stderr')
    .addHelpText(
      'after',
      '\nPrints one JSON line on stdout when ready: {"url", "legacyUrl", "apiKeys", "apps", "dataDir"}.\n' +
        'Examples:\n  vsynth sandbox\n  vsynth sandbox --port 0 --data-dir /tmp/sbx --api-key dev-1 --app my-app:my-user-key\n' +
        '  vsynth sandbox --fault-429 0.2 --retry-after 2 --fault-lost-response 0.05 --webhook-drop 0.5',
    )
    .action(async (flags: Record<string, unknown>) => {
      await runSandbox(optionsFromFlags(flags));
    });
}

/**
 * @example await runSandbox({ port: 0, until: someSignal })
 */
export async function runSandbox(options: SandboxCommandOptions = {}): Promise<void> {
  const stderr = options.stderr ?? process.stderr;
  const stdout = options.stdout ?? process.stdout;
  const { quiet, stderr: _e, stdout: _o, until, artifact, ...sandboxOptions } = options;
  const stop = until ?? firstSignal();
  const log = (line: string) => {
    if (quiet !== true) stderr.write(`sandbox: ${line}\n`);
  };
  const { previewArtifact, startSandbox } = await import('@vsynth/sandbox');
  const sandbox = await startSandbox({
    port: SANDBOX_DEFAULT_PORT,
    ...(artifact === 'json' ? {} : { renderArtifact: previewArtifact({ onFallback: log }) }),
    ...sandboxOptions,
    log,
  });
  stdout.write(
    `${JSON.stringify({ url: sandbox.url, legacyUrl: sandbox.legacyUrl, apiKeys: sandbox.apiKeys, apps: sandbox.apps, dataDir: sandbox.dataDir })}\n`,
  );
  if (quiet !== true) stderr.write(banner(sandbox));
  const signal = await stop;
  if (quiet !== true) stderr.write(`sandbox: ${typeof signal === 'string' ? `${signal}, ` : ''}stopping\n`);
  await sandbox.close();
  if (quiet !== true) stderr.write('sandbox: stopped\n');
}

function banner(sandbox: RunningSandbox): string {
  const lines = [
    `vsynth sandbox listening on ${sandbox.url} (v3 and legacy paths)`,
    `data: ${sandbox.dataDir}`,
    ...sandbox.apiKeys.map((key) => `API key: ${key}`),
    ...sandbox.apps.map((app) => `app: ${app.appId}:${app.userKey} (POST /sandbox/token)`),
    'Use it from the client or the CLI:',
    `  export VSYNTH_BASE_URL=${sandbox.url} VSYNTH_LEGACY_BASE_URL=${sandbox.legacyUrl}${sandbox.apiKeys[0] === undefined ? '' : ` VSYNTH_API_KEY=${sandbox.apiKeys[0]}`}`,
    'Press Ctrl-C to stop.',
  ];
  return `${lines.join('\n')}\n`;
}

function optionsFromFlags(flags: Record<string, unknown>): SandboxCommandOptions {
  const apiKeys = flags['apiKey'] as string[];
  const apps = flags['app'] as SandboxApp[];
  const pick = <T>(name: string): T | undefined => flags[name] as T | undefined;
  const entries: [keyof SandboxCommandOptions, unknown][] = [
    ['port', pick<number>('port')],
    ['host', pick<string>('host')],
    ['allowedHosts', (flags['allowedHost'] as string[]).length > 0 ? flags['allowedHost'] : undefined],
    ['dataDir', pick<string>('dataDir')],
    ['apiKeys', apiKeys.length > 0 || apps.length > 0 ? apiKeys : undefined],
    ['apps', apiKeys.length > 0 || apps.length > 0 ? apps : undefined],
    ['latencyMs', pick<number>('latency')],
    ['fault5xxRate', pick<number>('fault5xx')],
    ['fault429Rate', pick<number>('fault429')],
    ['retryAfterSeconds', pick<number>('retryAfter')],
    ['faultLostResponseRate', pick<number>('faultLostResponse')],
    ['webhookDropRate', pick<number>('webhookDrop')],
    ['remoteWebhooks', pick<boolean>('remoteWebhooks')],
    ['tokenTtlSeconds', pick<number>('tokenTtl')],
    ['exportSeconds', pick<number>('exportSeconds')],
    ['dubbingPolls', pick<number>('dubbingPolls')],
    [
      'maxUploadBytes',
      flags['maxUploadMb'] === undefined ? undefined : Math.floor((flags['maxUploadMb'] as number) * 1024 * 1024),
    ],
    ['fsync', flags['fsync'] === false ? false : undefined],
    ['artifact', pick<string>('artifact')],
    ['quiet', pick<boolean>('quiet')],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as SandboxCommandOptions;
}

function collect(value: string, previous: string[]): string[] {
  if (value.trim() === '') throw new InvalidArgumentError('an API key must not be empty.');
  return [...previous, value];
}

function collectApp(value: string, previous: SandboxApp[]): SandboxApp[] {
  const colon = value.indexOf(':');
  if (colon <= 0 || colon === value.length - 1)
    throw new InvalidArgumentError('expected APPID:USERKEY, e.g. my-app:my-user-key.');
  return [...previous, { appId: value.slice(0, colon), userKey: value.slice(colon + 1) }];
}
