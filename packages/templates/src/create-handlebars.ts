import Handlebars from 'handlebars';

/** The Handlebars environment every vsynth template is compiled in. */
export type HandlebarsEnv = ReturnType<typeof Handlebars.create>;

export interface CreateHandlebarsOptions {
  /** BCP 47 locale for the `number` and `date` helpers. Default `en-US`. */
  readonly locale?: string;
}

/** Names of the helpers registered by {@link createHandlebars}. */
export const TEMPLATE_HELPERS = ['default', 'upper', 'lower', 'number', 'date'] as const;

/**
 * Creates an isolated Handlebars environment (nothing registered globally) with vsynth's helpers:
 *
 * - `{{default nickname "friend"}}`: the value, or the fallback when it is missing, null or "";
 * - `{{upper name}}`, `{{lower name}}`: case mapping for the locale;
 * - `{{number amount}}`, `{{number amount style="currency" currency="EUR"}}`: `Intl.NumberFormat`
 *   (hash options are passed through; `locale=` overrides the batch locale);
 * - `{{date signup}}`, `{{date signup dateStyle="long"}}`: `Intl.DateTimeFormat` of an ISO date
 *   or epoch milliseconds (default `dateStyle="medium"`, time zone UTC unless `timeZone=` is given).
 *
 * @example
 * const hb = createHandlebars({ locale: 'de-DE' });
 * hb.compile('{{number n}}', { strict: true })({ n: 1234.5 }) // '1.234,5'
 */
export function createHandlebars(options: CreateHandlebarsOptions = {}): HandlebarsEnv {
  const locale = options.locale ?? 'en-US';
  const hb = Handlebars.create();
  // Intl formatters are costly to build: one per locale and options, shared by every row.
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  hb.registerHelper('default', (value: unknown, fallback: unknown) =>
    value === undefined || value === null || value === '' ? fallback : value,
  );
  hb.registerHelper('upper', (value: unknown, helperOptions: HelperOptions) =>
    text(value, 'upper').toLocaleUpperCase(localeOf(helperOptions, locale)),
  );
  hb.registerHelper('lower', (value: unknown, helperOptions: HelperOptions) =>
    text(value, 'lower').toLocaleLowerCase(localeOf(helperOptions, locale)),
  );
  hb.registerHelper('number', (value: unknown, helperOptions: HelperOptions) => {
    const written = text(value, 'number').trim();
    const n = typeof value === 'number' ? value : Number(written);
    // Quoted as written: a number a double cannot hold would otherwise print as 0 or fail as "not a number".
    if (typeof value === 'string' && NUMBER_LITERAL.test(written)) {
      if (!Number.isFinite(n))
        throw new Error(
          `number: ${JSON.stringify(value)} is too large for a number (it would be read as ${n > 0 ? '' : '-'}Infinity)`,
        );
      if (n === 0 && /[1-9]/.test(written.replace(/[eE].*$/, '')))
        throw new Error(`number: ${JSON.stringify(value)} is too small for a number (it would be read as 0)`);
    }
    if (written === '' || !Number.isFinite(n)) {
      const decimalComma = /^[+-]?\d+,\d+$/.test(written);
      throw new Error(
        `number: ${JSON.stringify(value)} is not a number${decimalComma ? ` (write the decimal separator as a dot: ${written.replace(',', '.')})` : ''}`,
      );
    }
    const { locale: _ignored, ...format } = helperOptions.hash;
    return formatter(
      numberFormats,
      localeOf(helperOptions, locale),
      format,
      (l, o) => new Intl.NumberFormat(l, o as Intl.NumberFormatOptions),
    ).format(n);
  });
  hb.registerHelper('date', (value: unknown, helperOptions: HelperOptions) => {
    const date = typeof value === 'number' ? new Date(value) : new Date(text(value, 'date').trim());
    if (Number.isNaN(date.getTime())) throw new Error(`date: ${JSON.stringify(value)} is not a date`);
    const { locale: _ignored, ...format } = helperOptions.hash;
    const fields = format as Intl.DateTimeFormatOptions;
    const hasStyle = Object.keys(fields).some((key) => key !== 'timeZone');
    const resolved: Intl.DateTimeFormatOptions = {
      timeZone: 'UTC',
      ...(hasStyle ? {} : { dateStyle: 'medium' }),
      ...fields,
    };
    return formatter(
      dateFormats,
      localeOf(helperOptions, locale),
      resolved,
      (l, o) => new Intl.DateTimeFormat(l, o),
    ).format(date);
  });
  return hb;
}

const NUMBER_LITERAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

interface HelperOptions {
  readonly hash: Record<string, unknown>;
}

function formatter<F, O extends object>(
  cache: Map<string, F>,
  locale: string,
  options: O,
  create: (locale: string, options: O) => F,
): F {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = create(locale, options);
    cache.set(key, format);
  }
  return format;
}

function localeOf(helperOptions: HelperOptions, fallback: string): string {
  const value = helperOptions.hash['locale'];
  return typeof value === 'string' ? value : fallback;
}

function text(value: unknown, helper: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new Error(`${helper}: expected text, received ${value === null ? 'null' : typeof value}`);
}
