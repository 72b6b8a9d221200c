/** What replaces a secret wherever it appears in an error body or message. */
export const REDACTED = '[redacted]';

/**
 * Returns `value` with every occurrence of each secret (API key, token, user key) inside any
 * string — keys included — replaced by `[redacted]`. Secrets shorter than 4 characters are
 * ignored, so a one-letter key cannot blank out a whole body. Only objects and arrays on the way to
 * a change are copied: a value holding no secret comes back as it is.
 *
 * @example redactSecrets({ error: 'bad key abc123' }, ['abc123']) // { error: 'bad key [redacted]' }
 */
export function redactSecrets<T>(value: T, secrets: Iterable<string>): T {
  const list = usable(secrets);
  if (list.length === 0) return value;
  return walk(value, list, 0) as T;
}

/** The secrets to look for, longest first (a secret that contains another is replaced whole). */
function usable(secrets: Iterable<string>): readonly string[] {
  return [...secrets].filter((s) => typeof s === 'string' && s.length >= 4).sort((a, b) => b.length - a.length);
}

function walk(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (depth > 50 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const redacted = walk(item, secrets, depth + 1);
      if (copy === undefined && redacted !== item) copy = value.slice(0, i);
      copy?.push(redacted);
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let copy: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = record[key];
    const redactedKey = redactString(key, secrets);
    const redacted = walk(item, secrets, depth + 1);
    if (copy === undefined && (redactedKey !== key || redacted !== item)) {
      copy = {};
      for (let j = 0; j < i; j++) copy[keys[j] as string] = record[keys[j] as string];
    }
    if (copy !== undefined) copy[redactedKey] = redacted;
  }
  return copy ?? value;
}

function redactString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** Environment variables holding secrets: every one is removed from what vsynth prints or writes. */
export const SECRET_ENV_VARS = [
  'VSYNTH_API_KEY',
  'VSYNTH_TOKEN',
  'VSYNTH_APP_ID',
  'VSYNTH_USER_KEY',
  'VSYNTH_WEBHOOK_SECRET',
] as const;

/**
 * The secrets configured in the environment (each as given and trimmed), for `redactSecrets`.
 *
 * @example redactSecrets(error.message, configuredSecrets(process.env))
 */
export function configuredSecrets(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const out = new Set<string>();
  for (const name of SECRET_ENV_VARS) {
    const value = env[name];
    if (value === undefined) continue;
    out.add(value);
    out.add(value.trim());
  }
  return [...out].filter((value) => value.length >= 4);
}
