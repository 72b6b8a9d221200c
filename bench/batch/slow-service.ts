/**
 * A stand-in for the remote service, which cannot run here: answers every request `--latency`
 * ms after its body has arrived, with `{"projectId": …}`, and does nothing else. Prints
 * `{"url": …}` once listening (see `spawnServer` in `bench/spawn-sandbox.ts`).
 *
 *   node --import tsx bench/batch/slow-service.ts --latency 200
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { latency: { type: 'string', default: '200' } } });
const latencyMs = Number(values.latency);

let answered = 0;
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    setTimeout(() => {
      const body = JSON.stringify({ projectId: `p-answer-${answered++}` });
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    }, latencyMs);
  });
});
// The clients keep their connections between rounds.
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
