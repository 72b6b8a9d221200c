/**
 * The baseline of the dry-run bench, no batch engine: reads a CSV of the 5-field rows with
 * csv-parse, compiles the 5-field template's texts with Handlebars directly (strict, script text
 * HTML-escaped) and binds each row to a modify body. Prints the number of rows bound.
 *
 *   node --import tsx bench/dry-run/bare-binding.ts rows.csv
 */
import { createReadStream } from 'node:fs';
import type { Transform } from 'node:stream';
import { FIVE_FIELD_MODIFY } from '../five-field-template.js';
import { importDependency } from '../workspace-dependency.js';

type Render = (row: Readonly<Record<string, string>>) => string;

/** The part of Handlebars and csv-parse the baseline uses. */
interface HandlebarsModule {
  create(): {
    compile(source: string, options: { strict: boolean; noEscape: boolean }): Render;
    registerHelper(name: string, helper: (...args: never[]) => unknown): void;
  };
}
interface CsvParseModule {
  parse(options: { columns: true; bom: true; skip_empty_lines: true }): Transform;
}

const data = process.argv[2];
if (data === undefined) throw new Error('usage: bare-binding.ts rows.csv');
const { default: handlebars } = await importDependency<{ default: HandlebarsModule }>('templates', 'handlebars');
const { default: csvParse } = await importDependency<{ default: CsvParseModule }>('templates', 'csv-parse');

const hb = handlebars.create();
hb.registerHelper('upper', (value: string) => value.toLocaleUpperCase('en-US'));
hb.registerHelper('default', (value: unknown, fallback: unknown) =>
  value === undefined || value === '' ? fallback : value,
);
const fields = Object.entries(FIVE_FIELD_MODIFY.updates).map(
  ([key, text]) => [key, hb.compile(text, { strict: true, noEscape: !key.startsWith('scripts_') })] as const,
);

let rows = 0;
for await (const row of createReadStream(data).pipe(
  csvParse.parse({ columns: true, bom: true, skip_empty_lines: true }),
)) {
  const updates: Record<string, string> = {};
  for (const [key, render] of fields) updates[key] = render(row as Record<string, string>);
  const body = { projectId: FIVE_FIELD_MODIFY.projectId, updates, isExport: FIVE_FIELD_MODIFY.isExport };
  if (body.updates['title'] === undefined) throw new Error(`row ${rows + 1} did not bind`);
  rows += 1;
}
process.stdout.write(`${JSON.stringify({ rows })}\n`);
