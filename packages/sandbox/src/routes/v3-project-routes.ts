import { omitUndefined, type RequestKind } from '@vsynth/core';
import { applyEdit, type EditChange } from '../apply-edit.js';
import { applyModify } from '../apply-modify.js';
import { readJsonBody } from '../http-io.js';
import { newObjectId } from '../ids.js';
import type { ProjectRecord, StoreRecord } from '../records.js';
import type { RouteHandler, RouteRequest, SandboxContext } from '../sandbox-context.js';
import { SandboxHttpError } from '../sandbox-http-error.js';
import { assertValidBody, validateBody } from '../validate-body.js';
import { cubesFor, ledgerEntry, ownedProject, webhookOf } from './route-helpers.js';

/** `POST /api/odin/v3/editor/project`: stores the project; exports it unless `isExport` is false. */
export const createProject: RouteHandler = async (context, route) => {
  const body = await readJsonBody(route.request, context.options.maxJsonBytes);
  assertValidBody('create', body);
  // The body itself becomes the project (unknown fields kept); the ledger entry holds the same object.
  const payload = body as Record<string, unknown>;
  const now = new Date(context.options.now()).toISOString();
  const project: ProjectRecord = {
    id: newObjectId(context.options.now()),
    owner: route.caller.owner,
    format: 'v3',
    name: typeof payload['name'] === 'string' ? payload['name'] : undefined,
    payload,
    revision: 1,
    createdAt: now,
    updatedAt: now,
  };
  const exported = payload['isExport'] !== false;
  await commit(context, route, project, { kind: 'create', exported, body, webhookUrl: webhookOf(payload) });
  return { status: 200, json: { projectId: project.id } };
};

/** `POST /api/odin/v3/project/modify`: replaces tagged texts or scripts; exports only when `isExport` is true. */
export const modifyProject: RouteHandler = async (context, route) => {
  const body = await readJsonBody(route.request, context.options.maxJsonBytes);
  const { value } = validateBody('modify', body);
  const request = value as { projectId: string; updates: Record<string, unknown>; isExport?: boolean };
  const project = ownedProject(context, request.projectId, route.caller);
  if (project.format === 'audio') throw notEditable(project);
  const result = applyModify(project.payload, request.updates, project.format);
  if (!result.ok) {
    throw new SandboxHttpError(
      400,
      'invalid_request',
      `Cannot modify project ${project.id}: ${notApplying(result.issues.length)}`,
      {
        issues: result.issues,
      },
    );
  }
  const changed = revise(context, project, result.payload);
  await commit(context, route, changed, {
    kind: 'modify',
    exported: request.isExport === true,
    body,
    webhookUrl: webhookOf(request),
  });
  return { status: 200, json: { projectId: project.id } };
};

/** `POST /api/odin/v3/editor/project/{key}`: changes the listed values; exports unless `isExport` is false. */
export const editProject: RouteHandler = async (context, route) => {
  const key = route.params[0] ?? '';
  const body = await readJsonBody(route.request, context.options.maxJsonBytes);
  const { value } = validateBody('edit', body);
  const request = value as { updates: { value: EditChange[] }; isExport?: boolean };
  const project = ownedProject(context, key, route.caller);
  if (project.format === 'audio') throw notEditable(project);
  const result = applyEdit(project.payload, request.updates.value, project.format);
  if (!result.ok) {
    throw new SandboxHttpError(
      400,
      'invalid_request',
      `Cannot edit project ${project.id}: ${notApplying(result.issues.length)}`,
      {
        issues: result.issues,
      },
    );
  }
  const changed = revise(context, project, result.payload);
  await commit(context, route, changed, {
    kind: 'edit',
    exported: request.isExport !== false,
    body,
    webhookUrl: webhookOf(request),
  });
  return { status: 200, json: { projectId: project.id } };
};

interface CommitOptions {
  readonly kind: 'create' | 'modify' | 'edit' | 'legacy' | 'legacy-audio';
  readonly exported: boolean;
  readonly body: unknown;
  readonly webhookUrl: string | undefined;
  /** Name the id `key` in the ledger (legacy answers) rather than `projectId`. */
  readonly asKey?: boolean;
}

/**
 * Stores the project, its ledger entry and (when exported) a new export in one durable write,
 * then starts the export. Returns the cubes charged.
 */
export async function commit(
  context: SandboxContext,
  route: RouteRequest,
  project: ProjectRecord,
  options: CommitOptions,
): Promise<number> {
  const cubes = cubesFor(context, options.kind, project, options.exported);
  const exportRecord = options.exported ? context.exports.prepare(project, options.webhookUrl) : undefined;
  const ids = options.asKey === true ? { key: project.id } : { projectId: project.id };
  const ledger = ledgerEntry(context, route.caller, route.endpoint, {
    cubes,
    ...ids,
    ...omitUndefined({ exportId: exportRecord?.id }),
    body: options.body,
  });
  const records: StoreRecord[] = [
    { t: 'project', v: project },
    { t: 'ledger', v: ledger },
  ];
  if (exportRecord !== undefined) records.push({ t: 'export', v: exportRecord });
  await context.store.save(...records);
  if (exportRecord !== undefined) context.exports.launch(exportRecord);
  return cubes;
}

/** The project after a modify or edit, checked again as a whole. */
function revise(context: SandboxContext, project: ProjectRecord, payload: unknown): ProjectRecord {
  const kind: RequestKind = project.format === 'legacy' ? 'legacy' : 'create';
  assertValidBody(kind, payload, `project ${project.id} after the updates`);
  return {
    ...project,
    payload,
    revision: project.revision + 1,
    updatedAt: new Date(context.options.now()).toISOString(),
  };
}

function notEditable(project: ProjectRecord): SandboxHttpError {
  return new SandboxHttpError(
    400,
    'invalid_request',
    `Project ${project.id} was created by a legacy audio request; it has no scenes to modify or edit.`,
  );
}

/** The message of a refused modify or edit; each reason is in the issue list, with its path. */
function notApplying(count: number): string {
  return count === 1 ? 'an update does not apply.' : `${count} updates do not apply.`;
}
