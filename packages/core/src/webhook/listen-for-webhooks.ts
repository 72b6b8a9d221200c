import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../errors/usage-error.js';
import { createWebhookHandler, type WebhookHandlerOptions } from './create-webhook-handler.js';

export interface ListenForWebhooksOptions extends WebhookHandlerOptions {
  /** Default 0 (any free port). */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
}

export interface WebhookListener {
  /** The address to give as `webhookUrl`, e.g. `http://127.0.0.1:53121/`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Starts a small `node:http` server that hands every request to `createWebhookHandler`.
 *
 * @example
 * const listener = await listenForWebhooks({ secret, onDelivery: (d) => console.log(d.videoUrl) })
 * await client.createProject({ ...payload, webhookUrl: correlateWebhookUrl(listener.url, { id, secret }) })
 * await listener.close()
 */
export async function listenForWebhooks(options: ListenForWebhooksOptions): Promise<WebhookListener> {
  const handle = createWebhookHandler(options);
  const host = options.host ?? '127.0.0.1';
  // Requests being answered; `close` lets them finish so a sender is not left without its 200.
  const inFlight = new Set<Promise<void>>();
  const server = http.createServer((incoming, outgoing) => {
    const serving = serve(incoming, outgoing);
    inFlight.add(serving);
    void serving.finally(() => inFlight.delete(serving));
  });

  async function serve(incoming: http.IncomingMessage, outgoing: http.ServerResponse): Promise<void> {
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of incoming) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) {
          outgoing.writeHead(413, { 'content-type': 'application/json' }).end('{"ok":false,"error":"delivery body too large"}');
          return;
        }
        chunks.push(chunk as Buffer);
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const method = incoming.method ?? 'GET';
      const request = new Request(`http://${hostHeader(host, server)}${incoming.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      const response = await handle(request);
      const body = Buffer.from(await response.arrayBuffer());
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      await new Promise<void>((resolve) => outgoing.end(body, resolve));
    } catch {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end('{"ok":false,"error":"internal error in the webhook listener"}');
    }
  }

  const requestedPort = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException): void => reject(listenError(error, host, requestedPort));
    server.once('error', failed);
    server.listen(requestedPort, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${hostHeader(host, server)}/`,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** A port in use or a host not of this machine is the caller's to fix (exit 2 in the CLI). */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `Cannot listen for webhooks on ${host}:${port}`;
  if (error.code === 'EADDRINUSE') return new UsageError(`${where}: the port is in use. Choose another port, or 0 for any free one.`, { cause: error });
  if (error.code === 'EACCES') return new UsageError(`${where}: the port needs privileges. Choose a port above 1023, or 0 for any free one.`, { cause: error });
  if (error.code === 'EADDRNOTAVAIL') return new UsageError(`${where}: ${host} is not an address of this machine. Listen on 127.0.0.1 (or 0.0.0.0 for every interface).`, { cause: error });
  return error;
}

function hostHeader(host: string, server: http.Server): string {
  const port = (server.address() as AddressInfo | null)?.port ?? 0;
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `${name}:${port}`;
}
