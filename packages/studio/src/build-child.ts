/**
 * Entry of a build process. It loads the compiler and templates and compiles a tiny warm-up
 * video (so a save only pays for the user's own modules), says `ready`, runs the one job it is
 * sent and reports the outcome. The studio kills it afterwards: each build starts with an empty
 * module cache, so an edited component or avatars module is always seen, and nothing a build
 * loaded stays in memory.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compile, importTsx, isElement } from '@vsynth/jsx-runtime';
import { runBuildJob } from './run-build-job.js';
import type { BuildJob } from './studio-types.js';

const send = (message: unknown): void => {
  process.send?.(message);
};

process.once('message', (job: BuildJob) => {
  runBuildJob({ ...job, ignore: warmFile }).then(
    (outcome) => send({ type: 'done', outcome }),
    (error: unknown) => send({ type: 'crashed', message: error instanceof Error ? error.message : String(error) }),
  );
});

const warmDir = path.join(os.tmpdir(), 'vsynth-studio-warm');
const warmFile = path.join(warmDir, `warm-${process.pid}.tsx`);
try {
  await mkdir(warmDir, { recursive: true });
  await writeFile(warmFile, "import { Scene, Text, Video } from '@vsynth/jsx-runtime';\nexport default <Video><Scene><Text>warm</Text></Scene></Video>;\n");
  const mod = await importTsx(warmFile);
  const root = (mod['default'] as { default?: unknown } | undefined)?.default ?? mod['default'];
  if (isElement(root)) await compile(root, { target: 'v3', variant: 'B' });
} catch {
  // A failed warm-up only makes the first build slower.
} finally {
  await rm(warmFile, { force: true });
}
send({ type: 'ready' });
