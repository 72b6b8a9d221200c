/**
 * Start-up of the `vsynth` command, built and from source: median wall-clock of N runs of each
 * command line, run round-robin so all share the machine's load, beside `node -e 0` measured in
 * the same rounds. Needs `npx --yes pnpm@10 build` first (for the built rows).
 *
 *   node --import tsx bench/startup/startup.ts [runs=15]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../figure.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = Number(process.argv[2] ?? 15);
const built = [path.join(root, 'packages/cli/bin/vsynth.js')];
const source = ['--conditions=@vsynth/source', '--import', 'tsx', path.join(root, 'packages/cli/src/index.ts')];
const payload = 'examples/payloads/create-variant-a.json';

const cases: { name: string; args: string[] }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'built: vsynth --help', args: [...built, '--help'] },
  { name: `built: vsynth validate ${payload}`, args: [...built, 'validate', payload] },
  { name: 'built: vsynth compile examples/hello.tsx', args: [...built, 'compile', 'examples/hello.tsx'] },
  { name: 'source: vsynth --help', args: [...source, '--help'] },
  { name: `source: vsynth validate ${payload}`, args: [...source, 'validate', payload] },
  { name: 'source: vsynth compile examples/hello.tsx', args: [...source, 'compile', 'examples/hello.tsx'] },
];

if (!existsSync(path.join(root, 'packages/cli/dist/index.js'))) throw new Error('Run `npx --yes pnpm@10 build` first.');
const times = new Map(cases.map(({ name }) => [name, [] as number[]]));
for (let round = 0; round <= runs; round++) {
  for (const { name, args } of cases) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
    const elapsed = performance.now() - started;
    if (result.status !== 0) throw new Error(`${name} exited with ${result.status}: ${result.stderr.toString()}`);
    if (round > 0) times.get(name)?.push(elapsed); // round 0 warms the file cache
  }
}

const baseline = median(times.get('node -e 0') ?? []);
console.log(`Node ${process.version}, ${runs} runs each, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
console.log('| command | median ms | × node -e 0 |\n|---|---:|---:|');
for (const { name } of cases) {
  const value = median(times.get(name) ?? []);
  console.log(`| ${name} | ${value.toFixed(0)} | ${(value / baseline).toFixed(1)} |`);
}
