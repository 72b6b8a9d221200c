import { omitUndefined } from '@vsynth/core';
import type { BatchClock } from './batch-clock.js';
import type { WebhookCollector, WebhookDeliveryInfo } from './batch-client.js';
import type { BatchStore } from './batch-store.js';
import type { BatchTally } from './batch-tally.js';
import { rowOfCorrelationId, withDelivery } from './row-lifecycle.js';
import type { RowResult } from './row-result.js';

export interface DeliveryJoinOptions {
  readonly collector: WebhookCollector;
  readonly batchId: string;
  readonly store?: BatchStore | undefined;
  readonly tally: BatchTally;
  /** Where a row's result goes once it is final. */
  readonly write: (result: RowResult) => void;
}

/**
 * Joins the webhook deliveries of a batch's exports to its rows by correlation id: a row waiting
 * for its delivery gets the video's address and duration, and an unknown row becomes done. Each
 * delivery is also recorded in the store, so a resumed run knows it.
 *
 * @example
 * const join = new DeliveryJoin({ collector, batchId, store, tally, write });
 * join.settle(result); // written now if its delivery came first, else held
 * await join.wait(60_000, systemClock);
 * join.close(); // held rows are written as they are
 */
export class DeliveryJoin {
  readonly #options: DeliveryJoinOptions;
  /** Rows waiting for their delivery. */
  readonly #held = new Map<number, RowResult>();
  /** Deliveries that came before their row settled. */
  readonly #early = new Map<number, WebhookDeliveryInfo>();
  readonly #unsubscribe: () => void;
  #allJoined: (() => void) | undefined;

  constructor(options: DeliveryJoinOptions) {
    this.#options = options;
    this.#unsubscribe = options.collector.subscribe((delivery) => this.#deliver(delivery));
  }

  /** Rows still waiting for their delivery. */
  get waiting(): number {
    return this.#held.size;
  }

  /** Settles a row whose request carried the webhook address. */
  settle(result: RowResult): void {
    if (result.status !== 'done' && result.status !== 'unknown') {
      this.#options.write(result);
      return;
    }
    const delivery = this.#early.get(result.row);
    if (delivery === undefined) {
      this.#held.set(result.row, result);
      return;
    }
    this.#early.delete(result.row);
    this.#options.write(this.#join(result, delivery));
  }

  /** Waits until every held row has its delivery, `ms` passed, or `signal` aborts. */
  async wait(ms: number, clock: BatchClock, signal?: AbortSignal): Promise<void> {
    if (this.#held.size === 0) return;
    const timer = new AbortController();
    const stop = () => timer.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const joined = new Promise<void>((resolve) => (this.#allJoined = resolve));
      await Promise.race([joined, clock.sleep(ms, timer.signal).catch(() => {})]);
    } finally {
      timer.abort();
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Stops listening; rows still held are written as they are. */
  close(): void {
    this.#unsubscribe();
    for (const result of this.#held.values()) this.#options.write(result);
    this.#held.clear();
  }

  #deliver(delivery: WebhookDeliveryInfo): void {
    const row = rowOfCorrelationId(delivery.correlationId, this.#options.batchId);
    if (row === undefined) return;
    const { videoUrl, duration } = delivery;
    const cid = delivery.correlationId ?? '';
    void this.#options.store?.record({
      type: 'delivery',
      row,
      cid,
      ...omitUndefined({ videoUrl, duration }),
      time: new Date().toISOString(),
    });
    const held = this.#held.get(row);
    if (held === undefined) {
      this.#early.set(row, delivery);
      return;
    }
    this.#held.delete(row);
    this.#options.write(this.#join(held, delivery));
    if (this.#held.size === 0) this.#allJoined?.();
  }

  #join(result: RowResult, delivery: WebhookDeliveryInfo): RowResult {
    if (result.status === 'unknown') {
      this.#options.tally.accept(result);
      void this.#options.store?.record({
        type: 'done',
        row: result.row,
        key: result.rowKey,
        via: 'webhook',
        time: new Date().toISOString(),
      });
    }
    return withDelivery(result, delivery);
  }
}
