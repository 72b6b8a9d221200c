import {
  TemplateError,
  findRequestIssues,
  isTemplateError,
  issue,
  omitUndefined,
  parseModifyKey,
  type Issue,
} from '@vsynth/core';
import type { BindResult, SyncBatchTemplate } from './batch-template.js';
import { compileText, type TextTemplate } from './compile-text.js';
import { createHandlebars } from './create-handlebars.js';
import { withRow } from './with-row.js';

export interface ModifyTemplateOptions {
  /**
   * Slot map of the compiled video (`compile(...).slots`, e.g. `{headline: 'title_2'}`); lets
   * `updates` use slot names instead of raw modify keys.
   */
  readonly slots?: Readonly<Record<string, string>>;
  /** Locale of the `number`, `date`, `upper` and `lower` helpers. */
  readonly locale?: string;
  /** For messages, e.g. the template's file name. */
  readonly name?: string;
}

/**
 * Compiles a modify template: a modify request whose `projectId`, `webhookUrl` and `updates` values
 * are Handlebars text; `updates` keys are modify keys or slot names. `scripts_N` values are HTML-escaped.
 *
 * @example
 * const template = modifyTemplate(
 *   {
 *     projectId: 'p-base',
 *     updates: { headline: 'Hello {{firstName}}', scripts_0: 'Hi {{firstName}}!' },
 *     isExport: true,
 *   },
 *   { slots: { headline: 'title_0' } },
 * );
 * const bound = template.bind({ firstName: 'Tom & Jerry' }, 1);
 * // bound.request.body.updates → { title_0: 'Hello Tom & Jerry', scripts_0: 'Hi Tom &amp; Jerry!' }
 */
export function modifyTemplate(source: unknown, options: ModifyTemplateOptions = {}): SyncBatchTemplate {
  const description = `modify template${options.name === undefined ? '' : ` ${options.name}`}`;
  const problems: Issue[] = [];
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw new TemplateError(
      `The ${description} must be a JSON object {projectId, updates, isExport?, webhookUrl?}.`,
      [],
    );
  }
  const record = source as Record<string, unknown>;
  const updates = record['updates'];
  if (typeof updates !== 'object' || updates === null || Array.isArray(updates) || Object.keys(updates).length === 0) {
    problems.push(
      issue({ code: 'missing', message: 'updates must be an object with at least one key', path: ['updates'] }),
    );
  }
  if (typeof record['projectId'] !== 'string') {
    problems.push(
      issue({
        code: 'missing',
        message: 'projectId must be a string (it may use {{…}}, or pass a project pool)',
        path: ['projectId'],
      }),
    );
  }
  if (problems.length > 0) throw new TemplateError(`The ${description} cannot be used.`, problems);

  const env = createHandlebars(omitUndefined({ locale: options.locale }));
  const slots = options.slots ?? {};
  const fields: { key: string; text: TextTemplate }[] = [];
  const seen = new Map<string, string>();
  for (const [name, value] of Object.entries(updates as Record<string, unknown>)) {
    const key = parseModifyKey(name) === undefined ? slots[name] : name;
    const parsed = key === undefined ? undefined : parseModifyKey(key);
    if (key === undefined || parsed === undefined) {
      const known = Object.keys(slots);
      problems.push(
        issue({
          code: 'template',
          message: `"${name}" is neither a modify key (title, subtitles or scripts, optionally _N) nor a slot of the video${
            known.length === 0
              ? ' (no slot map given: pass --slots-from video.tsx or a slots object)'
              : ` (slots: ${known.join(', ')})`
          }`,
          path: ['updates', name],
        }),
      );
      continue;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(
        issue({ code: 'template', message: `"${name}" and "${earlier}" both address ${key}`, path: ['updates', name] }),
      );
      continue;
    }
    seen.set(key, name);
    if (typeof value !== 'string') {
      problems.push(issue({ code: 'invalid_type', message: `updates.${name} must be text`, path: ['updates', name] }));
      continue;
    }
    try {
      fields.push({
        key,
        text: compileText(value, { env, escape: parsed.tag === 'scripts' ? 'html' : 'none', path: ['updates', key] }),
      });
    } catch (error) {
      // Reported with the template's name below, as the payload template does.
      if (!isTemplateError(error)) throw error;
      problems.push(...error.issues);
    }
  }
  const projectId =
    typeof record['projectId'] === 'string'
      ? compileText(record['projectId'], { env, escape: 'none', path: ['projectId'] })
      : undefined;
  const webhookUrl =
    typeof record['webhookUrl'] === 'string'
      ? compileText(record['webhookUrl'], { env, escape: 'none', path: ['webhookUrl'] })
      : undefined;
  if (problems.length > 0) throw new TemplateError(`The ${description} cannot be used.`, problems);

  // The body's own texts (projectId, webhookUrl), bound after those of `updates`.
  const bodyFields = [
    { key: 'projectId', text: projectId },
    { key: 'webhookUrl', text: webhookUrl },
  ].filter((field): field is { key: string; text: TextTemplate } => field.text !== undefined);
  const texts = [...fields, ...bodyFields].map((field) => field.text);
  const required = new Set(texts.flatMap((t) => [...t.required]));
  const optional = new Set(texts.flatMap((t) => [...t.optional]));
  // The template's other fields (isExport, …), which every body starts with.
  const fixed = Object.entries(record).filter(([k]) => k !== 'updates' && k !== 'projectId' && k !== 'webhookUrl');

  return {
    kind: 'modify',
    description,
    ...(projectId?.constant ? { projectId: projectId.source } : {}),
    columns: { required, optional },
    bind(data, row): BindResult {
      const issues: Issue[] = [];
      const bound: Record<string, string> = {};
      for (const field of fields) {
        const result = field.text.render(data, row);
        if (result.ok) bound[field.key] = result.value;
        else issues.push(...result.issues);
      }
      const own: [string, string][] = [];
      for (const field of bodyFields) {
        const result = field.text.render(data, row);
        if (result.ok) own.push([field.key, result.value]);
        else issues.push(...result.issues);
      }
      if (issues.length > 0) return { ok: false, issues };
      const body: Record<string, unknown> = Object.fromEntries([...fixed, ...own, ['updates', bound]]);
      const found = findRequestIssues('modify', body);
      if (found.some((i) => i.severity === 'error')) return { ok: false, issues: withRow(found, row) };
      return { ok: true, request: { kind: 'modify', body }, warnings: withRow(found, row) };
    },
  };
}
