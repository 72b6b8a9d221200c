/**
 * The rows the batch and dry-run benches feed the 5-field template (`five-field-template.ts`):
 * row `i` in memory, and `count` of them written as a CSV file with its header.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const fiveFieldRow = (i: number) => ({
  firstName: `Person ${i}, Jr.`,
  company: `Company ${i % 37}`,
  city: ['Lisbon', 'São Paulo', '北京', 'Zürich'][i % 4]!,
  nickname: i % 3 === 0 ? '' : `nick${i}`,
  offer: `${i % 50}% off`,
});

/** A CSV field: quoted when it holds a quote, a comma or a line break. */
const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Writes rows 0..count-1 to `path` as CSV (header `firstName,company,city,nickname,offer`). */
export async function writeFiveFieldCsv(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('firstName,company,city,nickname,offer\n');
  for (let i = 0; i < count; i++) {
    if (!out.write(`${Object.values(fiveFieldRow(i)).map(csvField).join(',')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
