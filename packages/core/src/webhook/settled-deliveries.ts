import { hash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The correlation ids a receiver has settled, each with a digest of the delivery that settled it,
 * the most recent `limit` of them; with a `file`, kept there too (one line per id, ids hashed), so
 * a restarted listener still refuses a replay. A file grown past twice `limit` lines is rewritten
 * at the next start.
 *
 * @example
 * const settled = new SettledDeliveries({ limit: 10_000, file: '/tmp/settled.txt' })
 * settled.settle('row-7', digest)
 */
export class SettledDeliveries {
  readonly #limit: number;
  readonly #file: string | undefined;
  readonly #byId = new Map<string, string>();

  constructor(options: { readonly limit: number; readonly file?: string | undefined }) {
    this.#limit = options.limit;
    this.#file = options.file;
    if (this.#file === undefined) return;
    let lines: string[] = [];
    try {
      lines = readFileSync(this.#file, 'utf8').split('\n');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const line of lines) {
      const [id, digest] = line.split(' ');
      if (id !== undefined && digest !== undefined && digest !== '') this.#remember(id, digest);
    }
    if (lines.length > 2 * this.#limit) {
      writeFileSync(this.#file, [...this.#byId].map(([id, digest]) => `${id} ${digest}\n`).join(''));
    }
  }

  /** The digest of the delivery that settled `correlationId`, if one did. */
  get(correlationId: string): string | undefined {
    return this.#byId.get(idDigest(correlationId));
  }

  /** Marks an id settled in memory (before `onDelivery` runs, so a concurrent copy waits its turn). */
  claim(correlationId: string, digest: string): void {
    this.#remember(idDigest(correlationId), digest);
  }

  /** Takes back a claim whose delivery failed: the sender will send it again. */
  release(correlationId: string): void {
    this.#byId.delete(idDigest(correlationId));
  }

  /** Writes a settled id to the file, when there is one. */
  persist(correlationId: string, digest: string): void {
    if (this.#file === undefined) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    appendFileSync(this.#file, `${idDigest(correlationId)} ${digest}\n`);
  }

  #remember(id: string, digest: string): void {
    this.#byId.delete(id);
    this.#byId.set(id, digest);
    if (this.#byId.size > this.#limit) {
      const oldest = this.#byId.keys().next();
      if (oldest.done !== true) this.#byId.delete(oldest.value);
    }
  }
}

function idDigest(correlationId: string): string {
  return hash('sha256', correlationId, 'base64url');
}
