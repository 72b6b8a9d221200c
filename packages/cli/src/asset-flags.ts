import type { Command } from 'commander';
import { findLocalSources, UsageError, ValidationError } from '@vsynth/core';
import { withCliFlags } from './commands/with-cli-flags.js';

/** `--asset-base-url` and `--asset-root`, as compile, submit and assets take them. */
export interface AssetFlags {
  /** Where the local asset folder is hosted (`assetBaseUrl`). */
  readonly assetBaseUrl?: string;
  /** The local folder it maps (`assetRoot`, default the working directory). */
  readonly assetRoot?: string;
}

/** Adds the two asset flags to a command. */
export function addAssetFlags(command: Command): Command {
  return command
    .option(
      '--asset-base-url <url>',
      'http(s) address where the local asset folder is hosted: a local src becomes this address plus its path',
      parseAssetBaseUrl,
    )
    .option('--asset-root <dir>', 'the local folder --asset-base-url maps (default: the working directory)');
}

/** Accepts an absolute http(s) URL; anything else is a usage error naming what is accepted. */
export function parseAssetBaseUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(
      `--asset-base-url ${JSON.stringify(text)} is not an http(s) address, e.g. https://cdn.example.com/assets`,
    );
  }
  return text;
}

/**
 * Refuses a payload about to be sent that names local assets, one issue per source in the CLI's words (exit 3),
 * before anything is sent.
 */
export function refuseLocalSources(payload: unknown, subject: string): void {
  const found = findLocalSources(payload);
  if (found.length === 0) return;
  throw new ValidationError(
    found.map((i) => ({ ...i, message: withCliFlags(i.message) })),
    { subject },
  );
}
