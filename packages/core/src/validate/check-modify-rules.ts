import { issue, type Issue } from '../errors/issue.js';
import { MODIFY_KEY_RULE, parseModifyKey } from '../schemas/modify.js';
import { isRecord } from './describe-value.js';
import { checkWebhookRules } from './webhook-rules.js';

/**
 * Rules of a modify request beyond its schema: two keys addressing the same clip (`title` and
 * `title_0`), an empty `updates`, a `__proto__` key (which the schema cannot see), and webhook
 * warnings (modify does not export by default).
 *
 * @example checkModifyRules({ projectId: 'p', updates: { title: 'a', title_0: 'b' } }) // one warning
 */
export function checkModifyRules(input: unknown): Issue[] {
  if (!isRecord(input)) return [];
  const out = checkWebhookRules(input, { field: 'webhookUrl', exportDefault: false });
  const updates = input['updates'];
  if (!isRecord(updates)) return out;
  const keys = Object.keys(updates);
  if (keys.length === 0) {
    out.push(
      issue({
        code: 'rule',
        severity: 'warning',
        path: ['updates'],
        message: 'updates is empty: the request changes nothing',
      }),
    );
  }
  const seen = new Map<string, string>();
  for (const key of keys) {
    const parsed = parseModifyKey(key);
    if (parsed === undefined) {
      // zod's record skips a `__proto__` key, so the schema cannot reject it; every other bad key is reported by the
      // schema.
      if (key === '__proto__')
        out.push(
          issue({
            code: 'invalid_value',
            path: ['updates', key],
            message: `updates key "__proto__" ${MODIFY_KEY_RULE}`,
          }),
        );
      continue;
    }
    const target = `${parsed.tag}_${parsed.index}`;
    const first = seen.get(target);
    if (first === undefined) seen.set(target, key);
    else {
      out.push(
        issue({
          code: 'rule',
          severity: 'warning',
          path: ['updates', key],
          message: `${JSON.stringify(key)} and ${JSON.stringify(first)} both address ${parsed.tag} index ${parsed.index}; which one wins is not defined, keep one`,
        }),
      );
    }
  }
  return out;
}
