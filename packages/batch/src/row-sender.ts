import { AdaptiveLimit } from './adaptive-limit.js';
import { KeyLock } from './key-lock.js';
import { ProjectPool } from './project-pool.js';
import { sendRow, type RowToSend, type SendRowContext, type SentRow } from './send-row.js';

export interface RowSenderOptions {
  /** What `sendRow` needs, but for `stopped` (the sender's own). */
  readonly context: Omit<SendRowContext, 'stopped' | 'onSuccess' | 'on429'>;
  readonly concurrency: number;
  /** Base projects for modify rows: each row takes a free one. */
  readonly projectPool?: readonly string[] | undefined;
  readonly onConcurrency: (limit: number, reason: string) => void;
  /** Every row sent, with its outcome. */
  readonly onSent: (sent: SentRow) => void;
  readonly warn: (message: string) => void;
}

/**
 * Sends a batch's bound rows with an adaptive concurrency limit (halved after repeated 429 answers);
 * a modify row also takes its project, so two modifies of one project never overlap.
 *
 * @example
 * const sender = new RowSender({ context, concurrency: 4, onConcurrency, onSent, warn });
 * if (await sender.slot()) sender.send(row);
 * await sender.drain();
 */
export class RowSender {
  readonly limit: AdaptiveLimit;
  readonly #options: RowSenderOptions;
  readonly #context: SendRowContext;
  readonly #pool: ProjectPool | undefined;
  readonly #projects = new KeyLock();
  readonly #inFlight = new Set<Promise<void>>();
  #stopped = false;
  #fatal: unknown;
  #sharedProjectWarned = false;

  constructor(options: RowSenderOptions) {
    this.#options = options;
    this.limit = new AdaptiveLimit({ max: options.concurrency, onChange: options.onConcurrency });
    this.#pool =
      options.projectPool !== undefined && options.projectPool.length > 0
        ? new ProjectPool(options.projectPool)
        : undefined;
    this.#context = {
      ...options.context,
      stopped: () => this.#stopped,
      onSuccess: () => this.limit.onSuccess(),
      on429: () => this.limit.on429(),
    };
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  get fatal(): unknown {
    return this.#fatal;
  }

  /** Stops the batch at `error` (the first one is kept). */
  stop(error: unknown): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#fatal = error;
  }

  /** Waits for a free slot; false, with no slot taken, when the batch stopped meanwhile. */
  async slot(): Promise<boolean> {
    await this.limit.acquire();
    if (!this.#stopped) return true;
    this.limit.release();
    return false;
  }

  /** Gives back a slot taken by `slot` without sending. */
  release(): void {
    this.limit.release();
  }

  /** Sends a row in the slot `slot` took; returns at once. */
  send(toSend: RowToSend): void {
    const task: Promise<void> = this.#send(toSend)
      .catch((error: unknown) => this.stop(error))
      .finally(() => {
        this.limit.release();
        this.#inFlight.delete(task);
      });
    this.#inFlight.add(task);
  }

  async drain(): Promise<void> {
    await Promise.all(this.#inFlight);
  }

  async #send(toSend: RowToSend): Promise<void> {
    const { request } = toSend;
    let pooled: string | undefined;
    let releaseProject: (() => void) | undefined;
    try {
      let body = request.body;
      if (request.kind === 'modify' && this.#pool !== undefined) {
        pooled = await this.#pool.take();
        body = { ...body, projectId: pooled };
      } else if (request.kind === 'modify') {
        releaseProject = await this.#lockProject(String(body['projectId']));
      }
      const sent = await sendRow(this.#context, { ...toSend, request: { ...request, body } });
      this.#options.onSent(sent);
      // Kept before the project is released to a waiting row, so that row is not sent.
      if (sent.stopsBatch !== undefined) this.stop(sent.stopsBatch);
    } finally {
      if (pooled !== undefined) this.#pool!.give(pooled);
      releaseProject?.();
    }
  }

  #lockProject(projectId: string): Promise<() => void> {
    if (this.#projects.isHeld(projectId) && !this.#sharedProjectWarned) {
      this.#sharedProjectWarned = true;
      this.#options.warn(
        `Rows modify the same project ${projectId}: modifies of one project never overlap, so they wait for each other. Pass \`projectPool\` (copies of the project) to spread them.`,
      );
    }
    return this.#projects.acquire(projectId);
  }
}
