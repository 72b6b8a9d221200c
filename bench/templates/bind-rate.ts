/**
 * Rows/s for binding and validating a 5-field modify template (Handlebars strict binding, per-field
 * escaping, core's checkRequest on every bound request). Rows are in memory, so this measures
 * binding alone; rows per CPU-second is reported beside wall-clock rows/s because the machine is
 * shared. Run from the repository root:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/bind-rate.ts [--rows N]
 */
import { modifyTemplate } from '@vsynth/templates';
import { FIVE_FIELD_MODIFY } from './five-field-template.js';

const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--rows') + 1] ?? 0) || 200_000;

const template = modifyTemplate(FIVE_FIELD_MODIFY);

const rows = Array.from({ length: 1000 }, (_, i) => ({
  firstName: `Person ${i} & <co>`,
  company: `Company ${i % 37}`,
  city: ['Lisbon', 'São Paulo', '北京', 'Zürich'][i % 4],
  nickname: i % 3 === 0 ? '' : `nick${i}`,
  offer: `${i % 50}% off`,
}));

// Warm up the JIT, then measure.
for (let i = 0; i < 20_000; i++) template.bind(rows[i % rows.length]!, i + 1);
// Wall time depends on what else the machine runs; CPU time of this process much less so.
const start = performance.now();
const cpu = process.cpuUsage();
let ok = 0;
for (let i = 0; i < count; i++) if (template.bind(rows[i % rows.length]!, i + 1).ok) ok += 1;
const seconds = (performance.now() - start) / 1000;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
if (ok !== count) throw new Error(`${count - ok} rows failed to bind`);
process.stdout.write(
  `${JSON.stringify({ rows: count, seconds: Number(seconds.toFixed(3)), rowsPerSecond: Math.round(count / seconds), cpuSeconds: Number(cpuSeconds.toFixed(3)), rowsPerCpuSecond: Math.round(count / cpuSeconds) })}\n`,
);
