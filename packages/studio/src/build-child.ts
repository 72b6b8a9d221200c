/**
 * Entry of the studio's build process: compiles a tiny warm-up video so the first save is quick, says
 * `ready`, then runs each job it is sent and reports the outcome with its memory use.
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

const warmDir = path.join(os.tmpdir(), 'vsynth-studio-warm');
const warmFile = path.join(warmDir, `warm-${process.pid}.tsx`);
try {
  await mkdir(warmDir, { recursive: true });
  const source =
    "import { Scene, Text, Video } from '@vsynth/jsx-runtime';\n" +
    'export default <Video><Scene><Text>warm</Text></Scene></Video>;\n';
  await writeFile(warmFile, source);
  const mod = await importTsx(warmFile);
  const root = mod['default'];
  if (isElement(root)) await compile(root, { target: 'v3', variant: 'B' });
} catch {
  // A failed warm-up only makes the first build slower.
} finally {
  await rm(warmFile, { force: true });
}

process.on('message', (message: { id: number; job: BuildJob }) => {
  runBuildJob(message.job).then(
    (outcome) => send({ type: 'done', id: message.id, outcome, rss: process.memoryUsage().rss }),
    (error: unknown) =>
      send({ type: 'crashed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ type: 'ready' });
