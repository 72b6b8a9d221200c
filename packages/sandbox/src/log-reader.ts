import { closeSync, openSync, readSync } from 'node:fs';

/** A field of the record on one line of the log: the line's byte offset and length (without its newline). */
export interface LogPlace {
  readonly offset: number;
  readonly bytes: number;
  readonly field: string;
}

/**
 * Reads fields of records back from the store's log, so memory need not hold what the log holds:
 * a project's payload, an export's copy of it and a ledger entry's request body are each several
 * kB, and a sandbox that kept them all grew by ~7 kB of memory per create (3 GB after 400,000
 * creates, toward the heap's limit). The values written or read last (at most `cacheBytes` of
 * their lines: kept small, so that they die young) are at hand without a read, e.g. the project
 * a modify changes when a batch of modifies cycles through a few projects.
 *
 * @example const payload = reader.field(offset, length, 'payload');
 */
export class LogReader {
  private fd: number | undefined;
  /** Parsed values by the offset of their line, oldest first. */
  private readonly recent = new Map<number, { readonly value: unknown; readonly bytes: number }>();
  private recentBytes = 0;
  /** Where each value read or written lives in the log: a later record holding the same value refers to its line. */
  private places = new WeakMap<object, LogPlace>();

  constructor(
    private readonly path: string,
    private readonly cacheBytes = 1024 * 1024,
  ) {}

  /** `v[field]` of the record whose line is `bytes` long at `offset`. */
  field(offset: number, bytes: number, field: string): unknown {
    const known = this.recent.get(offset);
    if (known !== undefined) {
      this.recent.delete(offset);
      this.recent.set(offset, known);
      return known.value;
    }
    this.fd ??= openSync(this.path, 'r');
    const line = Buffer.allocUnsafe(bytes);
    const read = readSync(this.fd, line, 0, bytes, offset);
    let value: unknown;
    try {
      if (read !== bytes) throw new Error(`read ${read} of ${bytes} bytes`);
      value = (JSON.parse(line.toString('utf8')) as { v: Record<string, unknown> }).v[field];
    } catch (error) {
      throw new Error(`the sandbox store's log ${this.path} changed under the sandbox (the line at byte ${offset}: ${(error as Error).message}); restart the sandbox`);
    }
    this.remember(offset, bytes, value);
    this.know(value, { offset, bytes, field });
    return value;
  }

  /** Notes that `value` is `v[place.field]` of the line at `place` (the first place given for a value is kept). */
  know(value: unknown, place: LogPlace): void {
    if (typeof value === 'object' && value !== null && !this.places.has(value)) this.places.set(value, place);
  }

  /** The line and field that hold `value` itself (the same object), if it was read or written through this reader. */
  placeOf(value: unknown): LogPlace | undefined {
    return typeof value === 'object' && value !== null ? this.places.get(value) : undefined;
  }

  /** Keeps a value just written at `offset` for the next reads. */
  remember(offset: number, bytes: number, value: unknown): void {
    if (bytes > this.cacheBytes || this.recent.has(offset)) return;
    this.recent.set(offset, { value, bytes });
    this.recentBytes += bytes;
    for (const [oldest, entry] of this.recent) {
      if (this.recentBytes <= this.cacheBytes) break;
      this.recent.delete(oldest);
      this.recentBytes -= entry.bytes;
    }
  }

  /** Forgets every value and closes the file (the log was replaced by a snapshot, or the store closes). */
  close(): void {
    this.recent.clear();
    this.recentBytes = 0;
    this.places = new WeakMap();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
