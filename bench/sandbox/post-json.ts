import { request, type Agent } from 'node:http';

/**
 * The sandbox benches' load generator: POSTs a JSON body with `node:http` over a keep-alive
 * agent (lighter than fetch, so the generator is not what is measured), authorised with the
 * sandbox's default key; resolves when the whole answer has arrived, rejects on any other status
 * than 200.
 *
 * @example await postJson(new URL('/api/odin/v3/editor/project', url), agent, body);
 */
export function postJson(target: URL, agent: Agent, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', agent, headers: { authorization: 'sandbox-key', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${target.pathname} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `send(i)` for i = 0 … count − 1, `concurrency` at a time (each lane takes the next index). */
export async function atConcurrency(concurrency: number, count: number, send: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
}
