/**
 * The baseline of `create-vs-bare.ts`: a bare `node:http` server doing the HTTP work of a create
 * and nothing else — it reads the whole request body into one buffer, as the sandbox does before
 * parsing it, and answers a small fixed JSON body shaped like the sandbox's answer. Prints its URL
 * as the sandbox does. With `--parse` it also decodes and `JSON.parse`s the body (a 400 when that
 * fails) and does nothing else: the least any server that reads a JSON create must do, so its
 * figure is the ceiling of the sandbox's.
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/bare-http-server.ts [--parse]   (run by create-vs-bare.ts)
 */
import { createServer } from 'node:http';

const parse = process.argv.includes('--parse');

function parses(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

const answer = JSON.stringify({ projectId: '6740f1a2c3d4e5f60718293a' });
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    res.writeHead(body.length > 0 && (!parse || parses(body)) ? 200 : 400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
