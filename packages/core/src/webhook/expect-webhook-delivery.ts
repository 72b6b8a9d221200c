import { randomBytes, randomUUID } from 'node:crypto';
import { TimeoutError } from '../errors/timeout-error.js';
import { VsynthError } from '../errors/vsynth-error.js';
import { omitUndefined } from '../object/omit-undefined.js';
import { correlateWebhookUrl } from './correlate-webhook-url.js';
import { listenForWebhooks } from './listen-for-webhooks.js';
import type { WebhookDelivery } from './parse-delivery.js';
import type { OnWebhookRejected } from './webhook-rejection.js';

export interface ExpectWebhookDeliveryOptions {
  /** Local port to listen on. Default 0 (any). */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Secret for the signature; default a random one for this wait. */
  readonly secret?: string | undefined;
  /** Correlation id; default a random UUID. */
  readonly id?: string;
  /** Address the service should call when it cannot reach the local listener (a tunnel that forwards to it). */
  readonly publicUrl?: string | undefined;
  /** Called once per refused request, e.g. a delivery signed with another secret. */
  readonly onRejected?: OnWebhookRejected | undefined;
}

export interface ExpectedWebhookDelivery {
  /** The correlated address to put in `webhookUrl`. */
  readonly webhookUrl: string;
  readonly id: string;
  /** Resolves with the first delivery carrying this id. */
  wait(options?: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined }): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

/**
 * Listens on a local port for the one delivery of a request about to be sent: gives the correlated
 * `webhookUrl` to put in the request, then waits for the delivery carrying its id.
 *
 * @example
 * const expected = await expectWebhookDelivery()
 * await client.createProject({ ...payload, webhookUrl: expected.webhookUrl })
 * const delivery = await expected.wait({ timeoutMs: 600_000 }); await expected.close()
 */
export async function expectWebhookDelivery(
  options: ExpectWebhookDeliveryOptions = {},
): Promise<ExpectedWebhookDelivery> {
  const secret = options.secret ?? randomBytes(24).toString('hex');
  const id = options.id ?? randomUUID();
  let settle: ((delivery: WebhookDelivery) => void) | undefined;
  const arrived = new Promise<WebhookDelivery>((resolve) => {
    settle = resolve;
  });
  const listener = await listenForWebhooks({
    secret,
    ...omitUndefined({ port: options.port, host: options.host, onRejected: options.onRejected }),
    onDelivery: (delivery) => {
      if (delivery.correlationId === id) settle?.(delivery);
    },
  });
  return {
    id,
    webhookUrl: correlateWebhookUrl(options.publicUrl ?? listener.url, { id, secret }),
    close: () => listener.close(),
    async wait(waitOptions = {}) {
      const { signal, timeoutMs } = waitOptions;
      const stops: Promise<never>[] = [];
      const timers: NodeJS.Timeout[] = [];
      if (timeoutMs !== undefined) {
        stops.push(
          new Promise<never>((_, reject) => {
            timers.push(setTimeout(() => reject(deliveryTimeout(timeoutMs)), timeoutMs));
          }),
        );
      }
      if (signal !== undefined) {
        stops.push(
          new Promise<never>((_, reject) => {
            const abort = (): void =>
              reject(
                new VsynthError('VSYNTH_ABORTED', 'Waiting for the webhook delivery was aborted.', {
                  cause: signal.reason,
                }),
              );
            if (signal.aborted) abort();
            else signal.addEventListener('abort', abort, { once: true });
          }),
        );
      }
      try {
        return await Promise.race([arrived, ...stops]);
      } finally {
        for (const timer of timers) clearTimeout(timer);
      }
    },
  };
}

function deliveryTimeout(timeoutMs: number): TimeoutError {
  const error = new TimeoutError('webhook delivery', timeoutMs);
  error.message =
    `No webhook delivery arrived within ${Math.round(timeoutMs / 1000)} s. The export may still finish; ` +
    'if the service cannot reach this machine, pass a public --webhook-url that forwards here.';
  return error;
}
