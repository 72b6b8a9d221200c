import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// The renderer (resvg's native binding, fontkit and its fonts) costs ~135 ms of start-up; the
// sandbox's main thread estimates durations only, and renders in its render thread.
it('importing @vsynth/sandbox loads no renderer: resvg loads in the render thread, at the first render', async () => {
  const script = [
    "import { createRequire } from 'node:module';",
    "await import('@vsynth/sandbox');",
    'const loaded = Object.keys(createRequire(import.meta.url).cache);',
    'console.log(JSON.stringify(loaded.filter((file) => /resvg|fontkit|dejavu/.test(file))));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@vsynth/source', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: packageDir,
    },
  );
  expect(JSON.parse(stdout)).toEqual([]);
});
