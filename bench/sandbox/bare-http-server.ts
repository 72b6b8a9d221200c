/**
 * The baselines of `create-vs-bare.ts`: a bare `node:http` server doing the HTTP work of a create
 * and nothing else — it reads the whole request body into one buffer, as the sandbox does before
 * parsing it, and answers a small fixed JSON body shaped like the sandbox's answer. Prints its URL
 * as the sandbox does. Each flag adds one piece of the work the sandbox must do for a create, so
 * the flags make a ladder of ceilings for the sandbox's figure:
 *
 * - `--parse`: also decodes and `JSON.parse`s the body (a 400 when that fails);
 * - `--validate`: also checks the parsed create with `@vsynth/core`'s `findRequestIssues`, the
 *   sandbox's check (a 400 on an error);
 * - `--store <file>`: also appends each valid body as a line to `<file>` and answers once an
 *   `fdatasync` covering it is done: the requests of one event-loop turn share one `writev` and one
 *   `fdatasync`, as in the sandbox's store. Nothing more than that: no ids, records, ledger, cube
 *   estimate, routing or authentication.
 * - `--unchecked` (with `--store`): stores every body that parses, without the check: what durable
 *   storage costs on top of parsing alone, the ceiling of a server that did not validate at all.
 *
 * `--latency <ms>` answers each request `ms` after it arrived (or once handled, if later), as the
 * sandbox's `--latency` does: the baseline of `modify-cpu.ts`, whose sandbox answers that way.
 *
 *   node --conditions=@vsynth/source --import tsx bench/sandbox/bare-http-server.ts [--parse | --validate | --store <file> [--unchecked]] [--latency <ms>]   (run by create-vs-bare.ts, modify-cpu.ts)
 */
import { fdatasync, openSync, writevSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { findRequestIssues } from '@vsynth/core';

const { values } = parseArgs({ options: { parse: { type: 'boolean', default: false }, validate: { type: 'boolean', default: false }, store: { type: 'string' }, unchecked: { type: 'boolean', default: false }, latency: { type: 'string', default: '0' } } });
const latencyMs = Number(values.latency);
const store = values.store === undefined ? undefined : groupCommitLog(values.store);
const validate = values.validate || (store !== undefined && !values.unchecked);
const parse = values.parse || validate || store !== undefined;

/** Whether the body is accepted at this server's level (without `--parse`: any non-empty body). */
function accepts(body: Buffer): boolean {
  if (body.length === 0) return false;
  if (!parse) return true;
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  return !validate || !findRequestIssues('create', value).some((issue) => issue.severity === 'error');
}

/** Appends lines to `file`; `append` resolves once a `fdatasync` after the line's write is done. */
function groupCommitLog(file: string): { append(line: Buffer): Promise<void> } {
  const fd = openSync(file, 'a');
  const newline = Buffer.from('\n');
  let chunks: Buffer[] = [];
  let waiters: (() => void)[] = [];
  let flushing = false;
  const flush = (): void => {
    const batch = chunks;
    const done = waiters;
    chunks = [];
    waiters = [];
    writevSync(fd, batch);
    fdatasync(fd, (error) => {
      if (error) throw error;
      for (const resolve of done) resolve();
      if (chunks.length > 0) flush();
      else flushing = false;
    });
  };
  return {
    append(line) {
      chunks.push(line, newline);
      return new Promise((resolve) => {
        waiters.push(resolve);
        if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      });
    },
  };
}

const answer = JSON.stringify({ projectId: '6740f1a2c3d4e5f60718293a' });
const server = createServer((req, res) => {
  const due = latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, latencyMs)) : undefined;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const send = (status: number) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    };
    const respond = (status: number) => (due === undefined ? send(status) : void due.then(() => send(status)));
    if (!accepts(body)) respond(400);
    else if (store === undefined) respond(200);
    else void store.append(body).then(() => respond(200));
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
