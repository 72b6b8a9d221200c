/**
 * The bare sender the batch is measured beside: ky, as the client uses it, posting pre-bound
 * modify bodies at a fixed concurrency and reading each answer, nothing else.
 */

/** The part of ky's default export the loop uses. */
export interface KyModule {
  create(options: { prefixUrl: string; headers: Record<string, string>; retry: number; timeout: number }): {
    post(path: string, options: { json: unknown }): { json(): Promise<unknown> };
  };
}

/**
 * Posts every body to the modify endpoint at `url`, `concurrency` at a time; resolves with the
 * bodies sent per second.
 *
 * @example const rate = await bareKyLoop(ky, 'http://127.0.0.1:4000', bodies, 32);
 */
export async function bareKyLoop(
  ky: KyModule,
  url: string,
  bodies: readonly unknown[],
  concurrency: number,
): Promise<number> {
  const api = ky.create({ prefixUrl: url, headers: { authorization: 'bench-key' }, retry: 0, timeout: 30_000 });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) await api.post('api/odin/v3/project/modify', { json: bodies[next++] }).json();
    }),
  );
  return bodies.length / ((performance.now() - started) / 1000);
}
