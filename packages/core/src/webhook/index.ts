export {
  CORRELATION_ID_PARAM,
  SIGNATURE_PARAM,
  correlateWebhookUrl,
  signCorrelationId,
  verifyCorrelationSignature,
  type CorrelateWebhookUrlOptions,
} from './correlate-webhook-url.js';
export { createWebhookHandler, type DeliveryState, type WebhookHandler, type WebhookHandlerOptions } from './create-webhook-handler.js';
export { expectWebhookDelivery, type ExpectWebhookDeliveryOptions, type ExpectedWebhookDelivery } from './expect-webhook-delivery.js';
export { listenForWebhooks, type ListenForWebhooksOptions, type WebhookListener } from './listen-for-webhooks.js';
export { checkDeliverySignature, deliveryFromParams, parseDelivery, type ParseDeliveryOptions, type SignatureCheck, type WebhookDelivery } from './parse-delivery.js';
