import { applyEdit, type EditChange } from '../apply-edit.js';
import { applyModify } from '../apply-modify.js';
import { readJsonText } from '../http-io.js';
import { newObjectId } from '../ids.js';
import { oneLineJson, recordLine, type JsonText } from '../record-line.js';
import type { ProjectRecord, StoreRecord } from '../records.js';
import type { PreparedRecord } from '../sandbox-store.js';
import type { RouteHandler, RouteRequest, SandboxContext } from '../sandbox-context.js';
import { SandboxHttpError } from '../sandbox-http-error.js';
import type { RequestKind } from '@vsynth/core';
import { assertValidBody, validateBody } from '../validate-body.js';
import { cubesFor, ledgerEntry, ownedProject, webhookOf } from './route-helpers.js';

/** `POST /api/odin/v3/editor/project`: stores the project; exports it unless `isExport` is false. */
export const createProject: RouteHandler = async (context, route) => {
  const { value: body, text, bytes } = await readJsonText(route.request, context.options.maxJsonBytes);
  assertValidBody('create', body);
  // The body itself becomes the project: checkRequest's value is JSON-identical to it, and keeping
  // one tree per project (the ledger holds the same body) halves what the garbage collector marks.
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
  // The body's own JSON text is the stored payload's JSON (the ledger's line refers to it): not serialised again.
  await commit(context, route, project, { kind: 'create', exported, body, payloadJson: oneLineJson(text, bytes), webhookUrl: webhookOf(payload) });
  return { status: 200, json: { projectId: project.id } };
};

/** `POST /api/odin/v3/project/modify`: replaces tagged texts or scripts; exports only when `isExport` is true. */
export const modifyProject: RouteHandler = async (context, route) => {
  const { value: body, text } = await readJsonText(route.request, context.options.maxJsonBytes);
  const { value } = validateBody('modify', body);
  const request = value as { projectId: string; updates: Record<string, unknown>; isExport?: boolean };
  const project = ownedProject(context, request.projectId, route.caller);
  if (project.format === 'audio') throw notEditable(project);
  const result = applyModify(project.payload, request.updates, project.format);
  if (!result.ok) {
    throw new SandboxHttpError(400, 'invalid_request', `Cannot modify project ${project.id}: ${notApplying(result.issues.length)}`, {
      issues: result.issues,
    });
  }
  const changed = revise(context, project, result.payload);
  await commit(context, route, changed, { kind: 'modify', exported: request.isExport === true, body, bodyJson: oneLineJson(text), webhookUrl: webhookOf(request) });
  return { status: 200, json: { projectId: project.id } };
};

/** `POST /api/odin/v3/editor/project/{key}`: changes the listed values; exports unless `isExport` is false. */
export const editProject: RouteHandler = async (context, route) => {
  const key = route.params[0] ?? '';
  const { value: body, text } = await readJsonText(route.request, context.options.maxJsonBytes);
  const { value } = validateBody('edit', body);
  const request = value as { updates: { value: EditChange[] }; isExport?: boolean };
  const project = ownedProject(context, key, route.caller);
  if (project.format === 'audio') throw notEditable(project);
  const result = applyEdit(project.payload, request.updates.value, project.format);
  if (!result.ok) {
    throw new SandboxHttpError(400, 'invalid_request', `Cannot edit project ${project.id}: ${notApplying(result.issues.length)}`, {
      issues: result.issues,
    });
  }
  const changed = revise(context, project, result.payload);
  await commit(context, route, changed, { kind: 'edit', exported: request.isExport !== false, body, bodyJson: oneLineJson(text), webhookUrl: webhookOf(request) });
  return { status: 200, json: { projectId: project.id } };
};

interface CommitOptions {
  readonly kind: 'create' | 'modify' | 'edit' | 'legacy' | 'legacy-audio';
  readonly exported: boolean;
  readonly body: unknown;
  /** One-line JSON text `body` was parsed from, stored as the ledger's body instead of serialising it again. */
  readonly bodyJson?: JsonText | undefined;
  /** One-line JSON text of `project.payload`, when at hand (a create's body). */
  readonly payloadJson?: JsonText | undefined;
  readonly webhookUrl: string | undefined;
  /** Name the id `key` in the ledger (legacy answers) rather than `projectId`. */
  readonly asKey?: boolean;
}

/**
 * Stores the project, its ledger entry and (when exported) a new export in one durable write,
 * then starts the export. Returns the cubes charged.
 */
export async function commit(context: SandboxContext, route: RouteRequest, project: ProjectRecord, options: CommitOptions): Promise<number> {
  const cubes = cubesFor(context, options.kind, project, options.exported);
  const exportRecord = options.exported ? context.exports.prepare(project, options.webhookUrl) : undefined;
  const ids = options.asKey === true ? { key: project.id } : { projectId: project.id };
  const ledger: StoreRecord = {
    t: 'ledger',
    v: ledgerEntry(context, route.caller, route.endpoint, { cubes, ...ids, ...(exportRecord === undefined ? {} : { exportId: exportRecord.id }), body: options.body }),
  };
  // A create's body is its project's payload, and an export's payload is the project's: the store
  // writes that value once, with the project, and their lines refer to it.
  const records: (StoreRecord | PreparedRecord)[] = [
    prepared({ t: 'project', v: project }, 'payload', options.payloadJson),
    options.body === project.payload ? ledger : prepared(ledger, 'body', options.bodyJson),
  ];
  if (exportRecord !== undefined) records.push({ t: 'export', v: exportRecord });
  await context.store.save(...records);
  if (exportRecord !== undefined) context.exports.launch(exportRecord);
  return cubes;
}

/** The record with its log line built from `json`, the JSON text of its `field`, when at hand. */
function prepared(record: StoreRecord, field: string, json: JsonText | undefined): StoreRecord | PreparedRecord {
  return json === undefined ? record : { record, line: recordLine(record, field, json) };
}

/** The project after a modify or edit, checked again as a whole. */
function revise(context: SandboxContext, project: ProjectRecord, payload: unknown): ProjectRecord {
  const kind: RequestKind = project.format === 'legacy' ? 'legacy' : 'create';
  assertValidBody(kind, payload, `project ${project.id} after the updates`);
  return { ...project, payload, revision: project.revision + 1, updatedAt: new Date(context.options.now()).toISOString() };
}

function notEditable(project: ProjectRecord): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_request', `Project ${project.id} was created by a legacy audio request; it has no scenes to modify or edit.`);
}

/** The message of a refused modify or edit; each reason is in the issue list, with its path. */
function notApplying(count: number): string {
  return count === 1 ? 'an update does not apply.' : `${count} updates do not apply.`;
}
