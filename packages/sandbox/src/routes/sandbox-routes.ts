import { readJsonBody } from '../http-io.js';
import type { LedgerEntry } from '../records.js';
import type { RouteHandler } from '../sandbox-context.js';
import { SandboxHttpError } from '../sandbox-http-error.js';
import { asRecord } from '../as-record.js';
import { exportsOf, exportView, ownedProject } from './route-helpers.js';

/** `POST /sandbox/token {appId, userKey}` → `{token, expiresAt}` (ISO 8601). */
export const issueToken: RouteHandler = async (context, route) => {
  const body = asRecord(await readJsonBody(route.request, 64 * 1024));
  const issued = await context.auth.issueToken(body['appId'], body['userKey']);
  return { status: 200, json: issued };
};

/**
 * `GET /sandbox/ledger` → `{entries: [...], totalCubes}`: the caller's accepted requests, oldest
 * first. Sent in pieces: the ledger of a few tens of thousands of creates is longer than the
 * longest string.
 */
export const ledger: RouteHandler = async (context, route) => {
  const entries = context.store.ledger.filter((entry) => entry.owner === route.caller.owner);
  const totalCubes = entries.reduce((sum, entry) => sum + entry.cubes, 0);
  return { status: 200, jsonPieces: ledgerDocument(entries, totalCubes) };
};

/** The text of `JSON.stringify({ entries, totalCubes })` (owners left out), in pieces of ~64 kB. */
function* ledgerDocument(entries: readonly LedgerEntry[], totalCubes: number): Generator<string> {
  let piece = '{"entries":[';
  for (let i = 0; i < entries.length; i++) {
    const { owner: _owner, ...entry } = entries[i]!;
    piece += `${i === 0 ? '' : ','}${JSON.stringify(entry)}`;
    if (piece.length >= LEDGER_PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}],"totalCubes":${totalCubes}}`;
}

const LEDGER_PIECE_CHARS = 64 * 1024;

/** `GET /sandbox/projects/{id}`: the stored project (as modified) and its exports. */
export const projectView: RouteHandler = async (context, route) => {
  const project = ownedProject(context, route.params[0] ?? '', route.caller);
  return {
    status: 200,
    json: {
      projectId: project.id,
      format: project.format,
      name: project.name ?? null,
      revision: project.revision,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
      payload: project.payload,
      exports: exportsOf(context, project.id).map((record) => exportView(context, record)),
    },
  };
};

/** `GET /sandbox/artifacts/{id}[/{fileName}]`: an export's file; the id is the secret, no `Authorization`. */
export const artifact: RouteHandler = async (context, route) => {
  const record = context.store.artifacts.get(route.params[0] ?? '');
  if (record === undefined)
    throw new SandboxHttpError(404, 'not_found', `No artifact "${route.params[0] ?? ''}" in this sandbox.`);
  return {
    status: 200,
    file: {
      path: context.store.resolve(record.file),
      contentType: record.contentType,
      fileName: record.fileName,
      size: record.size,
    },
  };
};

/** `GET /sandbox/health` → `{ok: true}`. */
export const health: RouteHandler = async () => ({ status: 200, json: { ok: true } });
