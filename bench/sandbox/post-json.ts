import { request, type Agent } from 'node:http';

/**
 * The sandbox bench's load generator: POSTs a JSON body with `node:http` over a keep-alive agent
 * (lighter than fetch, so the generator takes less of the machine from the server), authorised
 * with the sandbox's default key; resolves once the whole answer has arrived, rejects on any
 * status but 200.
 *
 * @example await postJson(new URL('/api/odin/v3/editor/project', url), agent, body);
 */
export function postJson(target: URL, agent: Agent, body: string): Promise<void> {
  const headers = {
    authorization: 'sandbox-key',
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  };
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`${target.pathname} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `send(i)` for i = 0 … count − 1, `concurrency` at a time (each lane takes the next index). */
export async function atConcurrency(
  concurrency: number,
  count: number,
  send: (index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
}
