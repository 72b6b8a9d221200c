import { mkdir, open, rm } from 'node:fs/promises';
import { checkDubbingForm, DUBBING_LIMITS, estimateCubes, isDubbingFormField } from '@vsynth/core';
import { newObjectId, newSecretId } from '../ids.js';
import { multipartBoundary, parseMultipart, type MultipartFileSink } from '../multipart-parser.js';
import type { DubbingFile, DubbingRecord } from '../records.js';
import { safeFileName } from '../safe-file-name.js';
import type { RouteHandler } from '../sandbox-context.js';
import { SandboxHttpError } from '../sandbox-http-error.js';
import { invalidRequest } from '../validate-body.js';
import { ledgerEntry } from './route-helpers.js';

/**
 * `POST /api/odin/v3/automation/translatevideos` (multipart): streams the file parts of the
 * form's fields to `<dataDir>/uploads/<folderId>/`, checks the spec's limits and answers
 * `{folderId}`. Fields the form does not define are read past and neither stored nor written.
 * The sandbox does not dub: the job's `download_url` serves the uploaded video unchanged.
 */
export const dubbingUpload: RouteHandler = async (context, route) => {
  const boundary = multipartBoundary(route.request.headers['content-type']);
  if (boundary === undefined) {
    throw new SandboxHttpError(
      415,
      'unsupported_media_type',
      'The dubbing upload must be multipart/form-data with a boundary.',
    );
  }
  const { store, options } = context;
  const declared = Number(route.request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxUploadBytes) {
    throw new SandboxHttpError(
      413,
      'payload_too_large',
      `The upload is larger than the sandbox's limit of ${options.maxUploadBytes} bytes (maxUploadBytes; vsynth sandbox --max-upload-mb).`,
    );
  }
  const now = options.now();
  const folderId = newObjectId(now);
  const folder = `uploads/${folderId}`;
  await mkdir(store.resolve(folder), { recursive: true });
  const files: DubbingFile[] = [];
  const contentTypes = new Map<string, string>();
  let fields: Record<string, string>;
  try {
    const received = await parseMultipart(route.request, {
      boundary,
      limit: options.maxUploadBytes,
      maxParts: options.maxFormParts,
      maxTextBytes: options.maxFormTextBytes,
      onFile: async (part): Promise<MultipartFileSink> => {
        if (!isDubbingFormField(part.name)) return { write() {}, end() {} };
        const file = `${folder}/${files.length}-${part.name.replace(/[^\w.-]/g, '_')}`;
        const handle = await open(store.resolve(file), 'w');
        let size = 0;
        return {
          async write(chunk) {
            size += chunk.length;
            await handle.write(chunk);
          },
          async end() {
            if (options.fsync) await handle.datasync();
            await handle.close();
            files.push({ field: part.name, fileName: safeFileName(part.fileName ?? part.name), size, file });
            if (part.contentType !== undefined) contentTypes.set(part.name, part.contentType);
          },
        };
      },
    });
    fields = Object.fromEntries(Object.entries(received).filter(([name]) => isDubbingFormField(name)));
    const form: Record<string, unknown> = { ...received };
    for (const file of files) form[file.field] = { fileName: file.fileName, size: file.size };
    const issues = checkDubbingForm(form);
    if (issues.some((i) => i.severity === 'error')) throw invalidRequest('dubbing upload', issues);
    const targets: string[] = [];
    for (let index = 0; index < DUBBING_LIMITS.maxTargets; index++) {
      const code = fields[`target_${index}`];
      if (code !== undefined) targets.push(code);
    }
    const video = files.find((file) => file.field === 'file') as DubbingFile;
    const artifactId = newSecretId();
    const record: DubbingRecord = {
      id: folderId,
      owner: route.caller.owner,
      projectId: newObjectId(now),
      name: video.fileName,
      fields,
      files,
      targets,
      createdAt: now,
      polls: 0,
      artifactId,
    };
    const cubes = estimateCubes({ kind: 'dubbing', targets: targets.length, rates: options.cubeCost });
    await store.save(
      { t: 'dubbing', v: record },
      {
        t: 'artifact',
        v: {
          id: artifactId,
          owner: route.caller.owner,
          fileName: video.fileName,
          contentType: contentTypes.get('file') ?? 'application/octet-stream',
          size: video.size,
          file: video.file,
          createdAt: new Date(now).toISOString(),
        },
      },
      {
        t: 'ledger',
        v: ledgerEntry(context, route.caller, route.endpoint, {
          cubes,
          folderId,
          projectId: record.projectId,
          body: { fields, files: files.map(({ field, fileName, size }) => ({ field, fileName, size })) },
        }),
      },
    );
    return { status: 200, json: { folderId } };
  } catch (error) {
    await rm(store.resolve(folder), { recursive: true, force: true });
    throw error;
  }
};

/**
 * `GET /api/odin/v3/automation/translatevideos?folderId=…` → `{projectId, name, progress,
 * download_url, targets}`. Progress rises with each poll (100 after `dubbingPolls` polls, and not
 * before `exportSeconds` have passed); `download_url` is empty until progress is 100.
 */
export const dubbingProgress: RouteHandler = async (context, route) => {
  const folderId = route.url.searchParams.get('folderId');
  if (folderId === null || folderId === '') {
    throw new SandboxHttpError(400, 'invalid_request', 'The query parameter folderId is required.', {
      issues: [{ code: 'missing', severity: 'error', path: ['folderId'], message: 'folderId is required' }],
    });
  }
  const record = context.store.dubbing.get(folderId);
  if (record === undefined || record.owner !== route.caller.owner) {
    throw new SandboxHttpError(404, 'not_found', `No dubbing job with folderId "${folderId}" for this key.`);
  }
  const { options } = context;
  const polls = record.polls + 1;
  await context.store.save({ t: 'dubbing', v: { ...record, polls } });
  const byPolls = polls / options.dubbingPolls;
  const byTime = options.exportSeconds === 0 ? 1 : (options.now() - record.createdAt) / (options.exportSeconds * 1000);
  const progress = Math.round(Math.min(1, byPolls, byTime) * 1000) / 10;
  return {
    status: 200,
    json: {
      projectId: record.projectId,
      name: record.name,
      progress,
      download_url: progress >= 100 ? context.exports.artifactUrl(record.artifactId) : '',
      targets: record.targets,
    },
  };
};
