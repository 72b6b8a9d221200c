import { omitUndefined, type Issue } from '@vsynth/core';
import type { BatchRequest, BatchTemplate, BindResult } from '@vsynth/templates';

/**
 * `template`, with each bound row's text measured with the preview's fonts and line breaking: a text clip
 * whose row text needs more height than its box becomes a warning of that row, quoting the text (so
 * `--strict` refuses the row). A create row is measured as it is; a modify row on `base` (the `--slots-from`
 * video) with its updates applied. Other templates, and modify templates without a base, are returned as
 * they are: no box is known.
 *
 * @example runBatch({ template: await withTextOverflowChecks(template, base), … })
 */
export async function withTextOverflowChecks(template: BatchTemplate, base: unknown): Promise<BatchTemplate> {
  if (template.kind === 'legacy' || (template.kind === 'modify' && base === undefined)) return template;
  const [{ findTextOverflow, loadFontCatalog, loadTextShaper }, { applyModify }] = await Promise.all([
    import('@vsynth/preview'),
    import('@vsynth/sandbox'),
  ]);
  await loadTextShaper();
  const catalog = loadFontCatalog();
  const payloadOf = (request: BatchRequest): unknown => {
    if (request.kind !== 'modify') return request.body;
    const modified = applyModify(base, (request.body['updates'] ?? {}) as Record<string, unknown>, 'v3');
    return modified.ok ? modified.payload : undefined;
  };
  const measured = (bound: BindResult, data: Readonly<Record<string, unknown>>, row: number): BindResult => {
    if (!bound.ok) return bound;
    const payload = payloadOf(bound.request);
    if (payload === undefined) return bound;
    const overflow = findTextOverflow(payload, { catalog }).map((found): Issue => {
      const text = clipText(payload, found);
      const columns = columnsIn(text, data);
      const field = columns.length === 0 ? undefined : `column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}`;
      return { ...found, message: `${quoted(text)}${found.message}`, row, ...omitUndefined({ field }) };
    });
    return overflow.length === 0 ? bound : { ...bound, warnings: [...bound.warnings, ...overflow] };
  };
  return Object.assign(Object.create(template) as BatchTemplate, {
    // A template that binds synchronously stays synchronous: no promise per row.
    bind: (data: Readonly<Record<string, unknown>>, row: number): BindResult | Promise<BindResult> => {
      const bound = template.bind(data, row);
      return bound instanceof Promise
        ? bound.then((result) => measured(result, data, row))
        : measured(bound, data, row);
    },
  });
}

/** The text of the clip an overflow warning is about. */
function clipText(payload: unknown, found: Issue): string {
  const [, scene, , clip] = found.path;
  const scenes = (payload as { scenes?: { clips?: { text?: unknown }[] }[] }).scenes;
  const text = scenes?.[Number(scene)]?.clips?.[Number(clip)]?.text;
  return typeof text === 'string' ? text : '';
}

/** The row's columns whose value is part of `text`: what made this row's text longer than the others'. */
function columnsIn(text: string, data: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(data)
    .filter(([, value]) => {
      const shown = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
      return shown.length > 1 && text.includes(shown);
    })
    .map(([column]) => column);
}

/** `"Welcome, Bartholomew…": ` — the clip's text, shortened, that a row's overflow warning is about. */
function quoted(text: string): string {
  if (text === '') return '';
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return `${JSON.stringify(oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine)}: `;
}
