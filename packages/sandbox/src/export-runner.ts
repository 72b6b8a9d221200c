import { sceneSpeech } from '@vsynth/core';
import { newObjectId, newSecretId } from './ids.js';
import type { ExportRecord, ProjectRecord, WebhookState } from './records.js';
import type { ResolvedSandboxOptions } from './sandbox-options.js';
import type { SandboxStore } from './sandbox-store.js';
import type { Artifact } from './render-artifact.js';
import { silentWav } from './silent-wav.js';
import { estimateDuration } from './estimate-duration.js';
import { deliveryUrl, redactUrl } from './webhook-url.js';
import { isLoopbackUrl } from './is-loopback-url.js';
import { WorkLane } from './work-lane.js';

export interface ExportRunnerOptions {
  readonly store: SandboxStore;
  readonly options: ResolvedSandboxOptions;
  /** The sandbox's base URL as clients reach it (changes when a restarted sandbox gets another port). */
  readonly baseUrl: () => string;
}

/** Exports rendered at once: drawing a preview takes a core. */
const MAX_RENDERING = 4;
/**
 * Rendered exports completed at once: the artifact written, the export stored as done. These
 * wait on fsyncs, not on the CPU, so they do not wait behind drawings for a place.
 */
const MAX_COMPLETING = 32;
/**
 * Webhook deliveries (retries too) at once, apart from completions: receivers that do not answer
 * keep no rendered export from being stored as done (its artifact held in memory meanwhile).
 */
const MAX_DELIVERING = 32;
/** How long `close` waits for jobs in progress before leaving them to the next start. */
const CLOSE_WAIT_MS = 500;

const REMOTE_WEBHOOK_REFUSED =
  'the address is not on this machine; the sandbox calls only loopback receivers unless started with --remote-webhooks (option remoteWebhooks: true)';

/**
 * Runs exports the way the service does: progress over `exportSeconds`, then an artifact served
 * by the sandbox, then a webhook delivery with `ai_progress_update_loc`, `videoUrl` and
 * `duration` appended, retried with exponential backoff while the receiver fails (or
 * `webhookDropRate` drops the attempt). Every step is stored, so a restarted sandbox resumes
 * unfinished exports and deliveries.
 */

export class ExportRunner {
  private readonly store: SandboxStore;
  private readonly options: ResolvedSandboxOptions;
  private readonly baseUrl: () => string;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly renders: WorkLane;
  private readonly completions: WorkLane;
  private readonly deliveries: WorkLane;
  private closed = false;
  /** Aborted by `close`: renders in progress (ffmpeg) stop at once. */
  private readonly stopping = new AbortController();
  /**
   * Aborted by `close` once it has waited for the jobs in progress: deliveries still waiting on
   * their receiver are cut (the process can exit) and stay pending for the next start.
   */
  private readonly abandoned = new AbortController();

  constructor(options: ExportRunnerOptions) {
    this.store = options.store;
    this.options = options.options;
    this.baseUrl = options.baseUrl;
    const onError = (id: string, error: unknown): void => {
      if (!this.closed) this.options.log(`export ${id}: ${(error as Error).message}`);
    };
    this.renders = new WorkLane(MAX_RENDERING, onError);
    this.completions = new WorkLane(MAX_COMPLETING, onError);
    this.deliveries = new WorkLane(MAX_DELIVERING, onError);
  }

  /**
   * A new export of the project as it is now. The caller saves it together with the request's
   * other records, then calls `launch`.
   */
  prepare(project: ProjectRecord, webhookUrl: string | undefined): ExportRecord {
    const startedAt = this.options.now();
    return {
      id: newObjectId(startedAt),
      projectId: project.id,
      owner: project.owner,
      format: project.format,
      revision: project.revision,
      payload: project.payload,
      status: 'exporting',
      startedAt,
      finishAt: startedAt + this.options.exportSeconds * 1000,
      artifactId: undefined,
      duration: undefined,
      error: undefined,
      webhook:
        webhookUrl === undefined
          ? undefined
          : {
              url: webhookUrl,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: undefined,
              lastError: undefined,
              deliveredAt: undefined,
            },
    };
  }

  /** Starts a stored export: it completes at `finishAt`. */
  launch(record: ExportRecord): void {
    this.schedule(record.id, record.finishAt, this.renders, () => this.render(record.id));
  }

  /** Schedules every export or delivery a previous run left unfinished. */
  resume(): void {
    for (const record of this.store.exports.values()) {
      if (record.status === 'exporting')
        this.schedule(record.id, record.finishAt, this.renders, () => this.render(record.id));
      else if (record.status === 'done' && record.webhook?.status === 'pending') {
        this.schedule(record.id, record.webhook.nextAttemptAt ?? this.options.now(), this.deliveries, () =>
          this.deliver(record.id),
        );
      }
    }
  }

  /** 0–100: time-based while exporting, 100 when done. */
  progress(record: ExportRecord): number {
    if (record.status !== 'exporting') return 100;
    const span = record.finishAt - record.startedAt;
    if (span <= 0) return 99;
    return Math.min(99, Math.max(0, Math.floor(((this.options.now() - record.startedAt) / span) * 100)));
  }

  /** Absolute download address of an artifact. */
  artifactUrl(artifactId: string): string {
    const artifact = this.store.artifacts.get(artifactId);
    const name = artifact === undefined ? '' : `/${encodeURIComponent(artifact.fileName)}`;
    return `${this.baseUrl()}/sandbox/artifacts/${artifactId}${name}`;
  }

  /**
   * Stops timers, waits at most `CLOSE_WAIT_MS` for the jobs in progress, then cuts the deliveries
   * still waiting; everything unfinished resumes at the next start (as after kill -9).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
    });
    await Promise.race([
      Promise.all([this.renders.close(), this.completions.close(), this.deliveries.close()]),
      deadline,
    ]);
    clearTimeout(timer);
    this.abandoned.abort();
  }

  /** Exports and deliveries due or in progress (tests, logs). */
  get pending(): number {
    return this.renders.pending + this.completions.pending + this.deliveries.pending;
  }

  /** Hands `work` to `lane` at `at` (epoch ms). */
  private schedule(id: string, at: number, lane: WorkLane, work: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.closed) lane.add(id, work);
      },
      Math.max(0, at - this.options.now()),
    );
    this.timers.add(timer);
  }

  /** Renders a due export in a place of `renders`, then hands its artifact to `completions`. */
  private async render(id: string): Promise<void> {
    const record = this.store.exports.get(id);
    if (record === undefined || record.status !== 'exporting') return;
    const estimate = estimateDuration(sceneSpeech(record.payload, record.format));
    let artifact: Artifact;
    try {
      const context = {
        projectId: record.projectId,
        exportId: record.id,
        format: record.format,
        durationSeconds: estimate,
        signal: this.stopping.signal,
      };
      // The sandbox synthesises no speech: an audio request yields silence of the estimated length.
      artifact =
        record.format === 'audio'
          ? { fileName: `${record.projectId}.wav`, contentType: 'audio/wav', bytes: silentWav(estimate) }
          : await this.options.renderArtifact(record.payload, context);
    } catch (error) {
      await this.fail(record, 'rendering', error);
      return;
    }
    // Stopped while rendering: the export stays unfinished in the store and resumes at the next start.
    if (this.closed) return;
    this.completions.add(id, () => this.complete(record, artifact, estimate));
  }

  /** Writes a rendered export's artifact, stores the export as done and hands its webhook to `deliveries`. */
  private async complete(record: ExportRecord, artifact: Artifact, estimate: number): Promise<void> {
    let done: ExportRecord;
    try {
      const artifactId = newSecretId();
      const file = `artifacts/${artifactId}`;
      await this.store.writeFile(file, artifact.bytes);
      done = { ...record, status: 'done', artifactId, duration: artifact.durationSeconds ?? estimate };
      await this.store.save(
        {
          t: 'artifact',
          v: {
            id: artifactId,
            owner: record.owner,
            fileName: artifact.fileName,
            contentType: artifact.contentType,
            size: artifact.bytes.byteLength,
            file,
            createdAt: new Date(this.options.now()).toISOString(),
          },
        },
        { t: 'export', v: done },
      );
      this.options.log(`export ${record.id} of project ${record.projectId} done: ${artifact.fileName}`);
    } catch (error) {
      await this.fail(record, 'storing the artifact', error);
      return;
    }
    if (done.webhook !== undefined) this.deliveries.add(record.id, () => this.deliver(record.id));
  }

  /** Stores an export whose artifact could not be made or stored as failed (not when stopping: it resumes). */
  private async fail(record: ExportRecord, step: 'rendering' | 'storing the artifact', error: unknown): Promise<void> {
    if (this.closed) return;
    const reason = `${step} failed: ${error instanceof Error ? error.message : String(error)}`;
    await this.store.save({ t: 'export', v: { ...record, status: 'failed', error: reason } });
    this.options.log(`export ${record.id} of project ${record.projectId}: ${reason}`);
  }

  private async deliver(id: string): Promise<void> {
    const record = this.store.exports.get(id);
    const webhook = record?.webhook;
    if (
      record === undefined ||
      webhook === undefined ||
      webhook.status !== 'pending' ||
      record.artifactId === undefined
    )
      return;
    const retry = this.options.webhookRetry;
    const attempts = webhook.attempts + 1;
    let failure: string | undefined;
    if (!this.options.remoteWebhooks && !isLoopbackUrl(webhook.url)) {
      const next: WebhookState = {
        ...webhook,
        status: 'failed',
        attempts: webhook.attempts,
        nextAttemptAt: undefined,
        lastError: REMOTE_WEBHOOK_REFUSED,
      };
      this.options.log(`webhook of export ${id} to ${redactUrl(webhook.url)} not delivered: ${REMOTE_WEBHOOK_REFUSED}`);
      await this.store.save({ t: 'export', v: { ...(this.store.exports.get(id) ?? record), webhook: next } });
      return;
    }
    if (this.options.webhookDropRate > 0 && this.options.random() < this.options.webhookDropRate) {
      failure = 'dropped by the webhookDropRate fault';
    } else {
      const url = deliveryUrl(webhook.url, {
        ai_progress_update_loc: `${this.baseUrl()}/sandbox/projects/${record.projectId}`,
        videoUrl: this.artifactUrl(record.artifactId),
        duration: String(record.duration ?? 0),
      });
      try {
        const signal = AbortSignal.any([AbortSignal.timeout(retry.timeoutMs), this.abandoned.signal]);
        const response = await fetch(url, { method: this.options.webhookMethod, signal });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) failure = `the receiver answered ${response.status}`;
      } catch (error) {
        failure = `the receiver could not be reached: ${(error as Error).message}`;
      }
    }
    // Cut by a stop: the attempt is not counted, and the delivery is attempted again at the next start.
    if (this.abandoned.signal.aborted) return;
    const now = this.options.now();
    let next: WebhookState;
    if (failure === undefined) {
      next = {
        ...webhook,
        status: 'delivered',
        attempts,
        nextAttemptAt: undefined,
        deliveredAt: new Date(now).toISOString(),
      };
      this.options.log(`webhook of export ${id} delivered to ${redactUrl(webhook.url)} (attempt ${attempts})`);
    } else if (attempts >= retry.attempts) {
      next = { ...webhook, status: 'failed', attempts, nextAttemptAt: undefined, lastError: failure };
      this.options.log(
        `webhook of export ${id} to ${redactUrl(webhook.url)} given up after ${attempts} attempts: ${failure}`,
      );
    } else {
      const delay = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempts - 1));
      next = { ...webhook, status: 'pending', attempts, nextAttemptAt: now + delay, lastError: failure };
      this.options.log(
        `webhook of export ${id} to ${redactUrl(webhook.url)} failed (attempt ${attempts}): ${failure}; retrying in ${delay} ms`,
      );
    }
    const current = this.store.exports.get(id) ?? record;
    await this.store.save({ t: 'export', v: { ...current, webhook: next } });
    if (next.status === 'pending' && next.nextAttemptAt !== undefined)
      this.schedule(id, next.nextAttemptAt, this.deliveries, () => this.deliver(id));
  }
}
