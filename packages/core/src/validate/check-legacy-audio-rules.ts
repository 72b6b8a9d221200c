import { issue, type Issue } from '../errors/issue.js';
import { describeValue, isRecord } from './describe-value.js';
import { checkWebhookRules } from './webhook-rules.js';

/**
 * Rules of a legacy audio request beyond its schema: `text` should be present and the webhook
 * an http(s) address.
 *
 * @example checkLegacyAudioRules({ language: 'ko' }) // warning: text is missing
 */
export function checkLegacyAudioRules(input: unknown): Issue[] {
  if (!isRecord(input)) return [];
  const out = checkWebhookRules(input, { field: 'webhook' });
  const text = input['text'];
  if (text === undefined || text === '') {
    out.push(
      issue({
        code: 'rule',
        severity: 'warning',
        path: ['text'],
        message: `text is ${describeValue(text) === 'nothing' ? 'missing' : 'empty'}: there is nothing to synthesize`,
      }),
    );
  }
  return out;
}
