/**
 * What appending to a growing log costs the kernel, without the sandbox: the sandbox store's write
 * pattern alone (each "create" two chunks of ~10.5 kB, `writev` of 16 creates, then
 * `fdatasync`), printing user and system CPU µs per create for every `--step` creates. With
 * `--rotate-mib N` it starts a new file every N MiB, to tell a cost of the file's size from a cost
 * of the page cache as a whole. A diagnostic, not a figure:
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/append-growth.ts [--creates 200000] [--step 20000] [--rotate-mib 256]
 *
 * It writes ~4 GB (at the defaults) under the system's temporary directory and removes it.
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writevSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { creates: { type: 'string', default: '200000' }, step: { type: 'string', default: '20000' }, 'rotate-mib': { type: 'string' } } });
const creates = Number(values.creates);
const step = Number(values.step);
const rotateBytes = values['rotate-mib'] === undefined ? Infinity : Number(values['rotate-mib']) * 2 ** 20;
const BATCH = 16;

const dir = mkdtempSync(join(tmpdir(), 'vsynth-append-growth-'));
try {
  const project = Buffer.alloc(10_500, 'p');
  const ledgerEntry = Buffer.alloc(10_700, 'l');
  let file = 0;
  let fd = openSync(join(dir, `log.${file}`), 'a');
  let size = 0;
  let mark = process.cpuUsage();
  for (let done = 0; done < creates; done += BATCH) {
    const chunks: Buffer[] = [];
    for (let i = 0; i < BATCH; i++) chunks.push(project, ledgerEntry);
    size += writevSync(fd, chunks);
    fdatasyncSync(fd);
    if (size > rotateBytes) {
      closeSync(fd);
      fd = openSync(join(dir, `log.${++file}`), 'a');
      size = 0;
    }
    if (Math.floor((done + BATCH) / step) > Math.floor(done / step)) {
      const used = process.cpuUsage(mark);
      process.stdout.write(`${done + BATCH} creates: user ${(used.user / step).toFixed(1)} µs, system ${(used.system / step).toFixed(1)} µs per create\n`);
      mark = process.cpuUsage();
    }
  }
  closeSync(fd);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
