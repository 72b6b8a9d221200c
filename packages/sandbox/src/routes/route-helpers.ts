import { estimateCubes, type CubeRequestKind } from '@vsynth/core';
import { newObjectId } from '../ids.js';
import type { ExportRecord, LedgerEntry, ProjectRecord } from '../records.js';
import type { Caller } from '../sandbox-auth.js';
import type { SandboxContext } from '../sandbox-context.js';
import { SandboxHttpError } from '../sandbox-http-error.js';

/** The caller's project, else 404 (another key's project is as absent as a missing one). */
export function ownedProject(context: SandboxContext, id: string, caller: Caller): ProjectRecord {
  const project = context.store.projects.get(id);
  if (project === undefined || project.owner !== caller.owner) {
    throw new SandboxHttpError(404, 'not_found', `No project "${id}" for this key.`);
  }
  return project;
}

/**
 * Cubes of a request on the project as exported, by the configured cost function (`estimateCubes` of `@vsynth/core`).
 */
export function cubesFor(
  context: SandboxContext,
  kind: CubeRequestKind,
  project: ProjectRecord,
  exported: boolean,
): number {
  return estimateCubes({
    kind,
    body: project.payload,
    format: project.format,
    exported,
    rates: context.options.cubeCost,
  });
}

/** A ledger entry for an accepted request. */
export function ledgerEntry(
  context: SandboxContext,
  caller: Caller,
  endpoint: string,
  fields: Omit<LedgerEntry, 'id' | 'owner' | 'endpoint' | 'time'>,
): LedgerEntry {
  const now = context.options.now();
  return { id: newObjectId(now), owner: caller.owner, endpoint, time: new Date(now).toISOString(), ...fields };
}

/** The optional `webhookUrl` (or legacy audio `webhook`) of a validated body. */
export function webhookOf(value: unknown, field = 'webhookUrl'): string | undefined {
  const url = (value as Record<string, unknown>)[field];
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** Public view of an export, as `GET /sandbox/projects/:id` and legacy find show it. */
export function exportView(context: SandboxContext, record: ExportRecord): Record<string, unknown> {
  return {
    exportId: record.id,
    revision: record.revision,
    status: record.status,
    progress: context.exports.progress(record),
    startedAt: new Date(record.startedAt).toISOString(),
    videoUrl: record.artifactId === undefined ? null : context.exports.artifactUrl(record.artifactId),
    duration: record.duration === undefined ? null : String(record.duration),
    error: record.error ?? null,
    webhook:
      record.webhook === undefined
        ? null
        : {
            url: record.webhook.url,
            status: record.webhook.status,
            attempts: record.webhook.attempts,
            lastError: record.webhook.lastError ?? null,
            deliveredAt: record.webhook.deliveredAt ?? null,
          },
  };
}

/** Exports of a project, oldest first. */
export function exportsOf(context: SandboxContext, projectId: string): ExportRecord[] {
  return [...context.store.exports.values()]
    .filter((record) => record.projectId === projectId)
    .sort((a, b) => a.startedAt - b.startedAt);
}
