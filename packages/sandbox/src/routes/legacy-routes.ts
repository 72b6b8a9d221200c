import { readJsonBody } from '../http-io.js';
import { newObjectId } from '../ids.js';
import type { ProjectFormat, ProjectRecord } from '../records.js';
import type { RouteHandler, RouteRequest, SandboxContext } from '../sandbox-context.js';
import { validateBody } from '../validate-body.js';
import { exportsOf, exportView, ownedProject, webhookOf } from './route-helpers.js';
import { commit } from './v3-project-routes.js';

/**
 * `POST {legacy}/api/odin/editor/project`: stores and exports the legacy project; answers
 * `{success: true, cube_used, key}`. A `webhookUrl` field, which the legacy spec does not list,
 * is honoured when present.
 */
export const legacyCreate: RouteHandler = async (context, route) => {
  const body = await readJsonBody(route.request, context.options.maxJsonBytes);
  const { value } = validateBody('legacy', body);
  const project = newProject(context, route, 'legacy', value);
  const cubes = await commit(context, route, project, {
    kind: 'legacy',
    exported: true,
    body,
    webhookUrl: webhookOf(value),
    asKey: true,
  });
  return { status: 200, json: { success: true, cube_used: cubes, key: project.id } };
};

/**
 * `POST {legacy}/api/odin/simple/audio` (response not shown by the spec): stores the request,
 * "synthesises" a silent WAV of the estimated length and delivers it to `webhook`; answers like
 * legacy create, `{success: true, cube_used, key}`.
 */
export const legacyAudio: RouteHandler = async (context, route) => {
  const body = await readJsonBody(route.request, context.options.maxJsonBytes);
  const { value } = validateBody('legacy-audio', body);
  const project = newProject(context, route, 'audio', value);
  const cubes = await commit(context, route, project, {
    kind: 'legacy-audio',
    exported: true,
    body,
    webhookUrl: webhookOf(value, 'webhook'),
    asKey: true,
  });
  return { status: 200, json: { success: true, cube_used: cubes, key: project.id } };
};

/**
 * `POST {legacy}/api/odin/simple/find/{key}` (response not shown by the spec): the caller's
 * project with its latest export, `{success: true, key, name, format, revision, createdAt,
 * updatedAt, status, progress, videoUrl, duration, project}`. Any id works (v3 projectId or
 * legacy key: one id space). `status` is `stored` for a project never exported.
 */
export const legacyFind: RouteHandler = async (context, route) => {
  await readJsonBody(route.request, context.options.maxJsonBytes);
  const project = ownedProject(context, route.params[0] ?? '', route.caller);
  const latest = exportsOf(context, project.id).at(-1);
  const view = latest === undefined ? undefined : exportView(context, latest);
  return {
    status: 200,
    json: {
      success: true,
      key: project.id,
      name: project.name ?? null,
      format: project.format,
      revision: project.revision,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
      status: view?.['status'] ?? 'stored',
      progress: view?.['progress'] ?? 0,
      videoUrl: view?.['videoUrl'] ?? null,
      duration: view?.['duration'] ?? null,
      project: project.payload,
    },
  };
};

function newProject(
  context: SandboxContext,
  route: RouteRequest,
  format: ProjectFormat,
  payload: unknown,
): ProjectRecord {
  const now = context.options.now();
  const name = (payload as Record<string, unknown>)['name'];
  return {
    id: newObjectId(now),
    owner: route.caller.owner,
    format,
    name: typeof name === 'string' ? name : undefined,
    payload,
    revision: 1,
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
  };
}
