/**
 * The one reading of the webhook secret (`--secret`, else `$VSYNTH_WEBHOOK_SECRET`) shared by every
 * command that signs webhook addresses or verifies deliveries, so a value with surrounding white
 * space (a CRLF `.env` file, `export VSYNTH_WEBHOOK_SECRET="s3cret "`) is the same secret in
 * `submit --webhook-url`, `batch`, `worker` and `webhook listen`.
 */
import { UsageError } from '@vsynth/core';

export const WEBHOOK_SECRET_VAR = 'VSYNTH_WEBHOOK_SECRET';

/**
 * The webhook secret, trimmed; undefined when unset, empty or only white space. Inner characters
 * are kept: it is only an HMAC key, never sent. An empty `--secret` is a `UsageError` (never quoted).
 *
 * @example webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: 's3cret\r\n' }) // 's3cret'
 * @example webhookSecretFrom(process.env, options.secret) // the flag wins when given
 */
export function webhookSecretFrom(
  env: Readonly<Record<string, string | undefined>>,
  flag?: string,
): string | undefined {
  if (flag !== undefined) {
    const secret = flag.trim();
    if (secret === '') {
      throw new UsageError(
        `--secret is ${flag === '' ? 'empty' : 'only white space'}: give the secret the webhook addresses were signed with, or leave --secret out to use $${WEBHOOK_SECRET_VAR}.`,
      );
    }
    return secret;
  }
  const secret = env[WEBHOOK_SECRET_VAR]?.trim();
  return secret === '' ? undefined : secret;
}
