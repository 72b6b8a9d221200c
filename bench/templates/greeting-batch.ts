/**
 * Bench helper: the batch of `examples/batch/greeting` as the batch benches send it — a modify
 * template binding three slots, rows of `{ name, offer }`, and the bodies those rows bind to,
 * each row's project taken in turn from a pool.
 */
import { compileFile } from '@vsynth/jsx-runtime';
import type { ProjectCreateRequest, VsynthClient } from '@vsynth/core';
import { modifyTemplate, type SyncBatchTemplate } from '@vsynth/templates';

const VIDEO = 'examples/batch/greeting/video.tsx';

/** The video's slots, and `size` projects created from it (none without a client). */
export async function greetingPool(client: Pick<VsynthClient, 'createProject'> | undefined, size: number): Promise<{ pool: string[]; slots: Readonly<Record<string, string>> }> {
  const { payload, slots } = await compileFile(VIDEO);
  const pool: string[] = [];
  for (let i = 0; i < size; i++) {
    pool.push(client === undefined ? `p-${i}` : (await client.createProject({ ...(payload as ProjectCreateRequest), isExport: false })).projectId);
  }
  return { pool, slots };
}

export function greetingTemplate(pool: readonly string[], slots: Readonly<Record<string, string>>): SyncBatchTemplate {
  return modifyTemplate(
    { projectId: pool[0], updates: { headline: 'Hello {{name}}!', greeting: '<p>Hi {{name}}.</p>', caption: '{{offer}}' }, isExport: false },
    { slots },
  );
}

export function greetingRows(count: number): { name: string; offer: string }[] {
  return Array.from({ length: count }, (_, i) => ({ name: `Person ${i}`, offer: `${i % 50}% off` }));
}

/** Each row bound, with its project from the pool in turn. */
export function boundBodies(template: SyncBatchTemplate, rows: readonly Record<string, string>[], pool: readonly string[]): Record<string, unknown>[] {
  return rows.map((row, i) => {
    const bound = template.bind(row, i + 1);
    if (!bound.ok) throw new Error('bind failed');
    return { ...bound.request.body, projectId: pool[i % pool.length] };
  });
}

/**
 * The bare sender the batch benches measure `runBatch` against: `concurrency` loops posting the
 * pre-bound bodies with `modifyProject`, nothing else.
 */
export function bareSender(client: { modifyProject(body: never): Promise<unknown> }, bodies: readonly Record<string, unknown>[], concurrency: number): () => Promise<void> {
  return async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) await client.modifyProject(bodies[next++] as never);
      }),
    );
  };
}
