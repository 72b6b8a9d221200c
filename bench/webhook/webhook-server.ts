/**
 * The servers of `listener-cpu.ts`, child processes started alike. Prints its URL as a JSON line.
 *
 * - default: core's `listenForWebhooks` with the secret from `VSYNTH_BENCH_WEBHOOK_SECRET`, as
 *   `vsynth batch --collect-webhooks` runs it (an `onDelivery` that hands each delivery on);
 * - `--bare`: a bare `node:http` server that reads the request and answers a fixed JSON body.
 *
 *   node --conditions=@vsynth/source --import tsx bench/webhook/webhook-server.ts [--bare]   (run by listener-cpu.ts)
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { listenForWebhooks, type WebhookDelivery } from '@vsynth/core';

const { values } = parseArgs({ options: { bare: { type: 'boolean', default: false } } });

if (values.bare) {
  const answer = '{"ok":true}';
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  let received = 0;
  const handedOn = new Set<(delivery: WebhookDelivery) => void>([() => (received += 1)]);
  const listener = await listenForWebhooks({
    secret: process.env['VSYNTH_BENCH_WEBHOOK_SECRET']!,
    onRejected: (rejection) => process.stderr.write(`refused: ${rejection.message}\n`),
    onDelivery: (delivery) => {
      for (const listen of handedOn) listen(delivery);
    },
  });
  process.stdout.write(`${JSON.stringify({ url: listener.url })}\n`);
  process.on('SIGTERM', () => void listener.close().then(() => process.exit(received > 0 ? 0 : 1)));
}
