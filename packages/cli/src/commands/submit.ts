/**
 * `vsynth submit <file.tsx|payload.json>`: compiles a TSX video (or reads a JSON payload) and
 * sends it to the create endpoint (v3 or legacy); `--wait` listens for the webhook delivery.
 */
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import {
  UsageError,
  checkRequest,
  inferRequestKind,
  omitUndefined,
  ValidationError,
  type LegacyProjectRequest,
  type ProjectCreateRequest,
} from '@vsynth/core';
import { addAssetFlags, refuseLocalSources, type AssetFlags } from '../asset-flags.js';
import { readPropsWithOrigin } from '../read-props-option.js';
import { compileChecked, NO_CHECKS_HELP } from '../checked-compile.js';
import { refuseWarnings, STRICT_HELP } from '../strict-warnings.js';
import { clientFromEnv, printJson, printWarnings, processIo, readJsonFile, type CommandIo } from '../client-env.js';
import { requireExportForWebhook, sendWithWebhook, type WebhookFlags } from '../send-with-webhook.js';

export interface SubmitOptions extends WebhookFlags, AssetFlags {
  readonly target?: 'v3' | 'legacy';
  readonly variant?: 'A' | 'B';
  /** Props (inline JSON or a JSON file) for a component default export (like `vsynth compile --props`). */
  readonly props?: string;
  readonly export?: boolean;
  /** Warnings are errors: exit 3, nothing sent. */
  readonly strict?: boolean;
  /** `--no-checks`: false skips the layout, speech and text-measuring checks. */
  readonly checks?: boolean;
}

const TSX = new Set(['.tsx', '.jsx', '.ts', '.js', '.mts', '.mjs']);

/**
 * @example registerSubmit(program) // vsynth submit examples/promo.tsx --wait
 */
export function registerSubmit(program: Command): void {
  const command = program
    .command('submit')
    .description('Compile a TSX video (or read a JSON payload) and create the project; print the answer as JSON')
    .argument('<file>', '.tsx video or .json create/legacy payload')
    .addOption(
      new Option('--target <target>', 'v3 (default) or legacy; a JSON payload with AIModel scenes is legacy').choices([
        'v3',
        'legacy',
      ]),
    )
    .addOption(
      new Option('--variant <variant>', 'v3 script placement: A (scenes[].scripts) or B (avatar clip script)').choices([
        'A',
        'B',
      ]),
    )
    .option('--props <json|file>', 'props for a .tsx whose default export is a component: inline JSON or a JSON file')
    .option(
      '--webhook-url <url>',
      'address the service delivers the result to (with --wait: a public address forwarding to the local listener)',
    )
    .option('--no-export', 'only store the project (isExport: false)')
    .option('--wait', 'listen on a local port for the webhook delivery and print it')
    .option('--listen-port <port>', 'local port for --wait (default: any free port)')
    .option('--wait-timeout <seconds>', 'give up waiting for the delivery after this long')
    .option('--strict', STRICT_HELP)
    .option('--no-checks', NO_CHECKS_HELP);
  addAssetFlags(command)
    .addHelpText(
      'after',
      '\nExamples:\n  vsynth submit examples/promo.tsx --wait\n  vsynth submit examples/library-demo.tsx --props examples/library-demo.props.json\n  vsynth submit examples/payloads/legacy.json --target legacy',
    )
    .action(async (file: string, options: SubmitOptions) => {
      await runSubmit(file, options);
    });
}

/** Compiles or reads `file`, sends it, and prints the answer (with the delivery under `--wait`). */
export async function runSubmit(file: string, options: SubmitOptions, io: CommandIo = processIo): Promise<void> {
  const { payload, kind } = await loadPayload(file, options, io);
  const client = clientFromEnv(io);
  if (kind === 'legacy') {
    if (options.wait === true || options.webhookUrl !== undefined) {
      throw new UsageError(
        'A legacy project request has no webhook address: drop --wait/--webhook-url or submit with --target v3.',
      );
    }
    printJson(await client.createLegacyProject(payload as LegacyProjectRequest), io);
    return;
  }
  requireExportForWebhook(options, options.export !== false, 'drop --no-export');
  const result = await sendWithWebhook(options, io, (webhookUrl) => {
    const body: ProjectCreateRequest = {
      ...(payload as ProjectCreateRequest),
      ...(options.export === false ? { isExport: false } : {}),
      ...omitUndefined({ webhookUrl }),
    };
    return client.createProject(body);
  });
  printJson(result, io);
}

async function loadPayload(
  file: string,
  options: SubmitOptions,
  io: CommandIo,
): Promise<{ payload: unknown; kind: 'create' | 'legacy' }> {
  if (TSX.has(extname(file).toLowerCase())) {
    const props = options.props === undefined ? undefined : await readPropsWithOrigin(options.props);
    const compiled = await compileChecked(
      file,
      omitUndefined({
        checks: options.checks !== false,
        target: options.target,
        variant: options.variant,
        props: props?.props,
        propsOrigin: props?.origin,
        assetBaseUrl: options.assetBaseUrl,
        assetRoot: options.assetRoot,
      }),
    );
    refuseWarnings(compiled.warnings, file, options.strict);
    printWarnings(compiled.warnings, io);
    refuseLocalSources(compiled.payload, file);
    return { payload: compiled.payload, kind: options.target === 'legacy' ? 'legacy' : 'create' };
  }
  if (extname(file).toLowerCase() !== '.json')
    throw new UsageError(`${file}: submit takes a .tsx video or a .json payload.`);
  if (options.variant !== undefined)
    throw new UsageError('--variant applies to compiling a .tsx video; a JSON payload is sent as it is.');
  if (options.props !== undefined)
    throw new UsageError('--props applies to a .tsx component; a JSON payload is sent as it is.');
  const payload = await readJsonFile(file);
  const inferred = inferRequestKind(payload);
  const kind =
    options.target === 'legacy'
      ? 'legacy'
      : options.target === 'v3'
        ? 'create'
        : inferred === 'legacy'
          ? 'legacy'
          : 'create';
  if (options.target === undefined && inferred !== undefined && inferred !== 'create' && inferred !== 'legacy') {
    throw new UsageError(
      `${file} looks like a ${inferred} request; use \`vsynth ${inferred === 'modify' ? 'modify' : inferred === 'edit' ? 'edit' : 'audio'}\` for it.`,
    );
  }
  if (options.assetBaseUrl !== undefined || options.assetRoot !== undefined)
    throw new UsageError(
      '--asset-base-url and --asset-root apply to compiling a .tsx video; a JSON payload is sent as it is.',
    );
  const checked = checkRequest(kind, payload);
  if (!checked.ok) throw new ValidationError(checked.issues, { subject: file });
  refuseWarnings(checked.warnings, file, options.strict);
  printWarnings(checked.warnings, io);
  refuseLocalSources(payload, file);
  return { payload, kind };
}
