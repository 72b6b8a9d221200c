/**
 * The main job, end to end on this machine: start the local sandbox, compile a TSX video,
 * submit it for export, wait for the webhook delivery and fetch the exported artifact.
 *
 *   npx --yes pnpm@10 demo            (or: pnpm demo, after install)
 *
 * Pass another .tsx as the first argument to submit it instead of examples/hello.tsx.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, expectWebhookDelivery, formatIssues } from '@vsynth/core';
import { compileFile } from '@vsynth/jsx-runtime';
import { previewArtifact, startSandbox } from '@vsynth/sandbox';

const videoFile = process.argv[2] ?? 'examples/hello.tsx';
const outDir = path.resolve('.vsynth/quickstart');
const step = (text: string): void => void process.stdout.write(`• ${text}\n`);

// The sandbox's data lives only as long as the demo: the artifact is copied out before it stops.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vsynth-quickstart-'));
// The export artifact is @vsynth/preview's draft: an MP4 where ffmpeg is installed, else a
// contact-sheet PNG of the storyboard.
let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
let expected: Awaited<ReturnType<typeof expectWebhookDelivery>> | undefined;
try {
  sandbox = await startSandbox({
    dataDir,
    exportSeconds: 1,
    renderArtifact: previewArtifact({ onFallback: (why) => step(why) }),
  });
  expected = await expectWebhookDelivery();
  step(`sandbox listening on ${sandbox.url} (API key ${sandbox.apiKeys[0]})`);

  const compiled = await compileFile(videoFile);
  const scenes = compiled.payload.scenes.length;
  step(`compiled ${videoFile}: ${scenes} scene${scenes === 1 ? '' : 's'}, slots ${JSON.stringify(compiled.slots)}`);
  if (compiled.warnings.length > 0) process.stdout.write(`${formatIssues(compiled.warnings)}\n`);

  const client = createClient({ apiKey: sandbox.apiKeys[0] ?? '', baseUrl: sandbox.url, legacyBaseUrl: sandbox.url });
  const { projectId } = await client.createProject({
    ...compiled.payload,
    isExport: true,
    webhookUrl: expected.webhookUrl,
  });
  step(`submitted: projectId ${projectId}; waiting for the export's webhook delivery…`);

  const delivery = await expected.wait({ timeoutMs: 120_000 });
  step(`delivered: duration ${delivery.duration} s, saved at ${delivery.location}`);

  const response = await fetch(delivery.videoUrl);
  if (!response.ok) throw new Error(`downloading ${delivery.videoUrl} failed with status ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  const extension = type.includes('mp4') ? 'mp4' : type.includes('png') ? 'png' : 'json';
  await mkdir(outDir, { recursive: true });
  const artifact = path.join(outDir, `${projectId}.${extension}`);
  await writeFile(artifact, new Uint8Array(await response.arrayBuffer()));
  step(`artifact (${type || 'unknown type'}) from ${delivery.videoUrl}`);
  step(`written to ${path.relative(process.cwd(), artifact)}`);
} finally {
  await expected?.close();
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
}
