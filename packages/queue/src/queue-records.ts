/**
 * What a queued batch keeps in Redis, checked where it is read: a value another program (or a
 * failing disk) changed is named with its key, never trusted into a request or a results file.
 */
import { ValidationError, issue } from '@vsynth/core';
import type { RowResult, RowState } from '@vsynth/batch';
import { z } from 'zod';
import type { QueuedBatchSettings, RowJobData } from './batch-keys.js';

const kind = z.enum(['create', 'legacy', 'modify']);
const count = z.number().int().nonnegative();

const settingsSchema = z.looseObject({
  batchId: z.string().min(1),
  template: z.string(),
  kind,
  rows: count,
  queued: count,
  rps: z.number().positive().optional(),
  maxCubes: z.number().nonnegative().optional(),
  maxAttempts: z.number().int().positive().optional(),
  webhookUrl: z.string().optional(),
  nameProjects: z.boolean().optional(),
  retentionDays: z.number().positive().optional(),
  created: z.string(),
});

const rowStateSchema = z.looseObject({
  key: z.string(),
  status: z.enum(['attempt', 'done', 'failed', 'unknown']),
  attempts: count,
  cid: z.string().optional(),
  projectId: z.string().optional(),
  projectKey: z.string().optional(),
  name: z.string().optional(),
  cubes: z.number().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
  videoUrl: z.string().optional(),
  duration: z.number().optional(),
  sentAt: z.string().optional(),
});

const rowResultSchema = z.looseObject({
  row: z.number().int().positive(),
  rowKey: z.string(),
  status: z.enum(['done', 'failed', 'unknown', 'ok']),
  reason: z.string().optional(),
  projectId: z.string().optional(),
  projectKey: z.string().optional(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  attempts: count,
  skipped: z.boolean().optional(),
  cubes: z.number().optional(),
  videoUrl: z.string().optional(),
  duration: z.number().optional(),
  issues: z.array(z.unknown()).optional(),
});

const jobDataSchema = z.looseObject({
  batchId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  row: z.number().int().positive(),
  rowKey: z.string(),
  kind,
  body: z.record(z.string(), z.unknown()),
  cubes: z.number().nonnegative(),
  resendUnknown: z.boolean().optional(),
});

const deliverySchema = z.looseObject({
  cid: z.string(),
  videoUrl: z.string().optional(),
  duration: z.union([z.number(), z.string()]).optional(),
});

/**
 * A value of a batch's Redis keys that does not parse: invalid input (exit 3), as a damaged journal
 * is. `key` names the Redis key (and field) so a person can look at it.
 */
export class DamagedQueueError extends ValidationError {
  readonly key: string;

  constructor(batchId: string, key: string, what: string) {
    const message = `Batch ${batchId} is damaged in Redis: ${key} ${what}.`;
    super([issue({ code: 'row', message, path: [] })], { subject: `queued batch ${batchId}` });
    this.message = message;
    this.key = key;
  }
}

/**
 * A batch's settings from the text of its `:settings` key.
 *
 * @example parseSettings('b1', 'vsynth:batch:b1:settings', text).maxCubes
 */
export function parseSettings(batchId: string, key: string, text: string): QueuedBatchSettings {
  return parseRecord(batchId, key, text, settingsSchema, 'batch settings') as QueuedBatchSettings;
}

/** A row's recorded state from its `:rows` field. */
export function parseRowState(batchId: string, key: string, text: string): RowState {
  return parseRecord(batchId, key, text, rowStateSchema, 'row record') as RowState;
}

/** A row's result from its `:results` field. */
export function parseRowResult(batchId: string, key: string, text: string): RowResult {
  return parseRecord(batchId, key, text, rowResultSchema, 'row result') as unknown as RowResult;
}

/** A delivery from its `:deliveries` field. */
export function parseDelivery(
  batchId: string,
  key: string,
  text: string,
): { cid: string; videoUrl?: string; duration?: number | string } {
  return parseRecord(batchId, key, text, deliverySchema, 'webhook delivery') as {
    cid: string;
    videoUrl?: string;
    duration?: number | string;
  };
}

/**
 * A job's data as BullMQ handed it over: checked before anything of it is sent or written.
 *
 * @example const data = parseJobData(job.id, job.data) // throws DamagedQueueError naming the job
 */
export function parseJobData(jobId: string | undefined, data: unknown): RowJobData {
  const parsed = jobDataSchema.safeParse(data);
  if (parsed.success) return parsed.data as RowJobData;
  const batchId = /^([A-Za-z0-9_-]{1,64})\.\d+\./.exec(jobId ?? '')?.[1] ?? '?';
  throw new DamagedQueueError(
    batchId,
    `the job ${jobId ?? '(no id)'}`,
    `holds no row of a batch (${describe(parsed.error)})`,
  );
}

/**
 * The damage of a job whose data BullMQ could not read as JSON.
 *
 * @example unreadableJob('b1.3.Xk9', 'x{').message
 * // 'Batch b1 is damaged in Redis: the job b1.3.Xk9 holds data that is not JSON ("x{").'
 */
export function unreadableJob(jobId: string, text: string): DamagedQueueError {
  const batchId = /^([A-Za-z0-9_-]{1,64})\.\d+\./.exec(jobId)?.[1] ?? '?';
  return new DamagedQueueError(batchId, `the job ${jobId}`, `holds data that is not JSON (${quote(text)})`);
}

function parseRecord(batchId: string, key: string, text: string, schema: z.ZodType, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DamagedQueueError(batchId, key, `is not JSON (${quote(text)})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DamagedQueueError(batchId, key, `is not a ${what} (${describe(parsed.error)})`);
  return parsed.data;
}

/** The first problem: `maxCubes: expected number, received string`. */
function describe(error: z.ZodError): string {
  const first = error.issues[0];
  if (first === undefined) return 'unreadable';
  const message = first.message.replace(/^Invalid input: /, '');
  return first.path.length === 0 ? message : `${first.path.join('.')}: ${message}`;
}

/** At most 40 characters of a damaged value, quoted, one line. */
function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);
}
