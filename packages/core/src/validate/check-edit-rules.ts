import { issue, type Issue } from '../errors/issue.js';
import { isRecord } from './describe-value.js';
import { checkWebhookRules } from './webhook-rules.js';

/**
 * Rules of an edit request beyond its schema: a change with empty `values`, and webhook
 * warnings.
 *
 * @example checkEditRules({ updates: { value: [{ sceneIdx: 0, type: 'textImage', values: {} }] } }) // one warning
 */
export function checkEditRules(input: unknown): Issue[] {
  if (!isRecord(input)) return [];
  const out = checkWebhookRules(input, { field: 'webhookUrl', exportDefault: true });
  const updates = input['updates'];
  const changes = isRecord(updates) ? updates['value'] : undefined;
  if (!Array.isArray(changes)) return out;
  changes.forEach((change, index) => {
    if (isRecord(change) && isRecord(change['values']) && Object.keys(change['values']).length === 0) {
      out.push(
        issue({
          code: 'rule',
          severity: 'warning',
          path: ['updates', 'value', index, 'values'],
          message: 'values is empty: this change does nothing',
        }),
      );
    }
  });
  return out;
}
