/**
 * @vsynth/queue — run vsynth batches on Redis with BullMQ: enqueue one job per row, run as many
 * workers as you like, with one rate limit, one cube budget and the batch runner's per-row rules
 * (attempt recorded before sending; a row attempted without outcome is unknown, never resent blindly).
 */
export { QUEUE_NAME, batchKeys, type QueuedBatchSettings, type RowJobData } from './batch-keys.js';
export { connectRedis, type QueueConnection } from './connect-redis.js';
export { reserveCubes } from './cube-budget.js';
export { enqueueBatch, rowJobId, type EnqueueBatchOptions, type EnqueuedBatch } from './enqueue-batch.js';
export { hidePassword, parseQueueUrl, type QueueUrl } from './queue-url.js';
export { DamagedQueueError } from './queue-records.js';
export { readBatch, rowStates, type QueuedBatchStatus } from './read-batch.js';
export { recordDelivery } from './record-delivery.js';
export { RedisPacer } from './redis-pacer.js';
export { redisPersistence, type RedisPersistence } from './redis-persistence.js';
export { RedisStore } from './redis-store.js';
export { DEFAULT_RETENTION_DAYS, forgetBatch, retainBatch } from './retain-batch.js';
export { runWorker, type RunWorkerOptions, type WorkerEnd } from './run-worker.js';
export { NOT_SENT, settleQueuedRow, unknownQueuedRows } from './settle-queued-row.js';
