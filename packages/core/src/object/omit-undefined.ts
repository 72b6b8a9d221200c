/** The keys of `T` whose value may be `undefined`. */
type MaybeUndefinedKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** `T` with every key that may hold `undefined` made optional instead. */
export type OmitUndefined<T> = { [K in Exclude<keyof T, MaybeUndefinedKeys<T>>]: T[K] } & {
  [K in MaybeUndefinedKeys<T>]?: Exclude<T[K], undefined>;
};

/**
 * Copies `fields` without the keys whose value is `undefined`. Under
 * `exactOptionalPropertyTypes` an optional property may be absent but not `undefined`, so
 * options are passed on with this rather than one conditional spread per field.
 *
 * @example
 * createClient({ baseUrl, ...omitUndefined({ apiKey: options.apiKey, timeoutMs: options.timeoutMs }) })
 */
export function omitUndefined<T extends object>(fields: T): OmitUndefined<T> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) copy[key] = value;
  }
  return copy as OmitUndefined<T>;
}
