import type { Journal } from './journal.js';
import type { RowRecord } from './row-lifecycle.js';

/**
 * Where a batch records each row's attempts and outcomes: the local journal (`journalStore`)
 * or Redis (`@vsynth/queue`). An `attempt` record must be durable when `record` returns (or its
 * promise settles): the request is sent only after, so a process killed at any moment leaves a
 * row either not attempted or attempted without outcome (`unknown`, never resent blindly).
 *
 * @example
 * const store: BatchStore = { record: (entry) => void redis.hset(`rows`, entry.row, JSON.stringify(entry)) };
 * await sendRow({ ...context, store }, row);
 */
export interface BatchStore {
  record(entry: RowRecord): void | Promise<void>;
}

/**
 * The local journal as a batch store.
 *
 * @example
 * const store = journalStore(openJournal('people.journal.ndjson', { batch: { id: 'b1', template: 'modify.json' } }));
 */
export function journalStore(journal: Journal): BatchStore {
  return { record: (entry) => journal.append(entry) };
}
