import { issue, type Issue } from '../errors/issue.js';
import { describeValue, isRecord } from './describe-value.js';

/** Options of {@link checkWebhookRules}. */
export interface WebhookRulesOptions {
  /** The field holding the address: `webhookUrl`, or `webhook` for legacy audio. */
  readonly field: string;
  /**
   * What `isExport` means when absent (true for create/edit, false for modify); undefined when the request has no
   * isExport.
   */
  readonly exportDefault?: boolean;
}

/**
 * Warnings about a webhook address: one that is not an http(s) URL can never be called, and a
 * request that does not export never delivers.
 *
 * @example checkWebhookRules({ webhookUrl: 'example.com/hook' }, { field: 'webhookUrl', exportDefault: true })
 */
export function checkWebhookRules(input: unknown, options: WebhookRulesOptions): Issue[] {
  if (!isRecord(input)) return [];
  const url = input[options.field];
  if (typeof url !== 'string' || url === '') return [];
  const out: Issue[] = [];
  if (!isHttpUrl(url)) {
    out.push(
      issue({
        code: 'rule',
        severity: 'warning',
        path: [options.field],
        message: `${options.field} must be an absolute http(s) address to receive the delivery, received ${describeValue(url)}`,
      }),
    );
  }
  const isExport = input['isExport'];
  if (options.exportDefault !== undefined && (isExport === undefined || typeof isExport === 'boolean')) {
    const exported = isExport ?? options.exportDefault;
    if (!exported) {
      out.push(
        issue({
          code: 'rule',
          severity: 'warning',
          path: [options.field],
          message: `${options.field} is set but isExport is ${isExport === undefined ? 'false by default' : 'false'}: nothing is exported, so no delivery will come; set isExport: true`,
        }),
      );
    }
  }
  return out;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
