import type { VsynthClient } from '@vsynth/core';

/**
 * The part of `@vsynth/core`'s client a batch uses: `createClient(...)` satisfies it, and tests
 * can pass any object of this shape. The client must not retry POSTs itself (core's does not):
 * the batch decides, because it journals each attempt.
 */
export type BatchClient = Pick<VsynthClient, 'createProject' | 'modifyProject' | 'createLegacyProject'>;

/** A webhook receiver the batch joins deliveries from (see `listenForWebhooks` in `@vsynth/core`). */
export interface WebhookCollector {
  /** Address given to the service as `webhookUrl`; the batch appends each row's correlation id and signature. */
  readonly url: string;
  /** Secret the correlation signature is made with; the receiver must verify with the same one. */
  readonly secret: string;
  /** Calls `listener` for every verified delivery until the returned function is called. */
  subscribe(listener: (delivery: WebhookDeliveryInfo) => void): () => void;
}

export interface WebhookDeliveryInfo {
  readonly correlationId?: string | undefined;
  readonly videoUrl?: string | undefined;
  readonly duration?: number | undefined;
  readonly location?: string | undefined;
}
