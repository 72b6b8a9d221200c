/**
 * Serialises work per key: two holders of the same key never overlap (modify calls for one
 * projectId), different keys run in parallel.
 *
 * @example
 * const locks = new KeyLock();
 * const release = await locks.acquire('p-1'); try { … } finally { release(); }
 */
export class KeyLock {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(key: string): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  /** True while someone holds or waits for `key`. */
  isHeld(key: string): boolean {
    return this.tails.has(key);
  }
}
