/**
 * The baseline of `create-vs-bare.ts`: a bare `node:http` server that reads each request body and
 * answers a fixed JSON body, as the sandbox answers a create. Prints its URL as the sandbox does.
 *
 *   node bench/sandbox/bare-http-server.ts   (run by create-vs-bare.ts, through tsx)
 */
import { createServer } from 'node:http';

const answer = JSON.stringify({ code: 0, msg: 'ok', data: { projectId: 'p-00000000' } });
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
