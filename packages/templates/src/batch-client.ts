/** Options every client method takes last. */
export interface BatchCallOptions {
  readonly signal?: AbortSignal;
}

/**
 * The part of `@vsynth/core`'s client a batch uses. `createClient(...)` satisfies it; tests
 * and other transports can pass any object of this shape. Methods must not retry POSTs
 * themselves: the batch decides, because it journals each attempt.
 */
export interface BatchClient {
  createProject(payload: Record<string, unknown>, options?: BatchCallOptions): Promise<{ projectId: string }>;
  modifyProject(request: Record<string, unknown>, options?: BatchCallOptions): Promise<{ projectId: string }>;
  createLegacyProject(request: Record<string, unknown>, options?: BatchCallOptions): Promise<{ key: string; cube_used?: number }>;
}

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
  readonly duration?: string | undefined;
  readonly location?: string | undefined;
}
