/**
 * CPU per record of CsvRecordParser (csvRows' splitter) beside csv-parse with the options csvRows
 * gives it, on the dry-run bench's rows, same process, same run; rounds alternate, the median is
 * reported (after 3 rounds not counted, while V8 optimises). `--against <file>` compares with another CsvRecordParser module instead (e.g. an
 * earlier version: `git show <commit>:packages/templates/src/csv-record-parser.ts > /tmp/old.ts`).
 *
 *   node --import tsx bench/templates/csv-splitter-cpu.ts [--rows 100000] [--rounds 9] [--ascii] [--against /tmp/old.ts]
 *
 * - `csv.splitterVsCsvParse`: splitter CPU µs/record / csv-parse CPU µs/record (aim ≤ 0.2).
 * - `csv.splitterVsAgainst`: splitter / the `--against` splitter (aim ≤ 1).
 */
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CsvRecordParser, type CsvRecord } from '../../packages/templates/src/csv-record-parser.js';
import { cpuMicros, figure, median, printFigure } from '../figure.js';
import { csvField, fiveFieldRow } from './five-field-rows.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '9' }, ascii: { type: 'boolean', default: false }, against: { type: 'string' } },
});
const count = Number(values.rows);
const rounds = Number(values.rounds);

const rowOf = (i: number) => (values.ascii ? { ...fiveFieldRow(i), city: 'Lisbon' } : fiveFieldRow(i));
const lines = ['firstName,company,city,nickname,offer'];
for (let i = 0; i < count; i++) lines.push(Object.values(rowOf(i)).map(csvField).join(','));
const data = Buffer.from(`${lines.join('\n')}\n`);

// csv-parse is a dependency of @vsynth/templates, not of the root.
type CsvParser = { push(cells: string[] | null): boolean; info: { lines: number } };
const { parse } = createRequire(new URL('../../packages/templates/package.json', import.meta.url))('csv-parse') as {
  parse(options: Record<string, unknown>): CsvParser;
};

type Splitter = new (delimiter: number) => { parse(chunk: Buffer | undefined, end: boolean, out: CsvRecord[]): boolean };

/** Records split as csvRows reads a file: 16 KB pieces copied into one reused buffer. */
function splitWith(Parser: Splitter): number {
  const parser = new Parser(0x2c);
  const buffer = Buffer.allocUnsafe(16 * 1024);
  let records = 0;
  for (let at = 0; at < data.length; at += buffer.length) {
    const out: CsvRecord[] = [];
    parser.parse(buffer.subarray(0, data.copy(buffer, 0, at, Math.min(at + buffer.length, data.length))), false, out);
    records += out.length;
  }
  const out: CsvRecord[] = [];
  parser.parse(undefined, true, out);
  return records + out.length;
}

/** csv-parse's `_transform` and `_flush` called directly, each record tagged with its line as csvRows does. */
function splitWithCsvParse(): number {
  const parser = parse({ bom: true, delimiter: ',', relax_column_count: true, skip_empty_lines: true });
  const out: CsvRecord[] = [];
  parser.push = (cells: string[] | null) => {
    if (cells !== null) out.push({ cells, line: parser.info.lines });
    return true;
  };
  const stream = parser as unknown as { _transform(chunk: Buffer, encoding: string, done: () => void): void; _flush(done: () => void): void };
  for (let at = 0; at < data.length; at += 16 * 1024) stream._transform(data.subarray(at, at + 16 * 1024), 'buffer', () => {});
  stream._flush(() => {});
  return out.length;
}

const other: Splitter | undefined = values.against === undefined ? undefined : ((await import(pathToFileURL(values.against).href)) as { CsvRecordParser: Splitter }).CsvRecordParser;
const baseline = other === undefined ? splitWithCsvParse : () => splitWith(other);
const mine: number[] = [];
const theirs: number[] = [];
// The first rounds run while V8 still optimises the splitters: not counted.
for (let round = -3; round < rounds; round++) {
  for (const [work, into] of [
    [() => splitWith(CsvRecordParser), mine],
    [baseline, theirs],
  ] as const) {
    let records = 0;
    const { cpu } = await cpuMicros(() => (records = work()));
    if (records !== count + 1) throw new Error(`split ${records} records, expected ${count + 1}`);
    if (round >= 0) into.push(cpu / records);
  }
}
if (other === undefined) printFigure(figure('csv.splitterVsCsvParse', median(mine), 'µs CPU/record (baseline: csv-parse)', median(theirs), '<=', 0.2));
else printFigure(figure('csv.splitterVsAgainst', median(mine), `µs CPU/record (baseline: ${values.against})`, median(theirs), '<=', 1));
