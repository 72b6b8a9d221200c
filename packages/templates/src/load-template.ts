import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { TemplateError, UsageError, duplicateKeyError, findDuplicateKey, omitUndefined } from '@vsynth/core';
import { compileFile } from '@vsynth/jsx-runtime';
import type { BatchTemplate } from './batch-template.js';
import { modifyTemplate } from './modify-template.js';
import { payloadTemplate } from './payload-template.js';
import { tsxTemplate, type TsxTemplateOptions } from './tsx-template.js';

export interface LoadTemplateOptions {
  /** A `.tsx` video whose compiled slot map resolves slot names in a modify template. */
  readonly slotsFrom?: string;
  /** A slot map given directly (merged over `slotsFrom`). */
  readonly slots?: Readonly<Record<string, string>>;
  readonly locale?: string;
  /** Compile options of a TSX template (target, variant, orientation, avatars). */
  readonly tsx?: TsxTemplateOptions;
}

/** A loaded template plus, for modify templates with `slotsFrom`, the base payload the cube estimate uses. */
export interface LoadedTemplate {
  readonly template: BatchTemplate;
  /** The compiled `slotsFrom` video, when given. */
  readonly base?: unknown;
}

/**
 * Loads a template file: `.tsx` is a TSX template (a component of the row); `.json` holding
 * `updates` is a modify template; any other `.json` object is a payload template (v3 or legacy
 * create payload with `{{…}}` in its strings).
 *
 * @example
 * const { template, base } = await loadTemplate('examples/batch/greeting/modify.json', {
 *   slotsFrom: 'examples/batch/greeting/video.tsx',
 * });
 */
export async function loadTemplate(file: string, options: LoadTemplateOptions = {}): Promise<LoadedTemplate> {
  const extension = extname(file).toLowerCase();
  if (extension === '.tsx') {
    if (options.slotsFrom !== undefined)
      throw new UsageError('--slots-from applies to modify templates (.json), not to a TSX template.');
    return { template: await tsxTemplate(file, options.tsx ?? {}) };
  }
  if (extension !== '.json')
    throw new UsageError(
      `Cannot tell the kind of template ${file}: use a .json (modify or payload) or a .tsx (component) template.`,
    );
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new UsageError(`Cannot read template ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TemplateError(
      `The template ${file} is not JSON: ${(error as Error).message}. Fix the file (the {{…}} go inside JSON strings).`,
      [],
      { cause: error },
    );
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) throw new TemplateError(duplicateKeyError(duplicate, text, file).message, []);
  const isModify = typeof json === 'object' && json !== null && 'updates' in json;
  const locale = omitUndefined({ locale: options.locale });
  if (!isModify) {
    if (options.slotsFrom !== undefined || options.slots !== undefined)
      throw new UsageError(
        `--slots-from applies to modify templates; ${file} has no "updates", so it is a payload template.`,
      );
    return { template: payloadTemplate(json, { name: file, ...locale }) };
  }
  let slots: Record<string, string> = {};
  let base: unknown;
  if (options.slotsFrom !== undefined) {
    const compiled = await compileFile(options.slotsFrom);
    slots = { ...compiled.slots };
    base = compiled.payload;
  }
  slots = { ...slots, ...options.slots };
  return { template: modifyTemplate(json, { name: file, slots, ...locale }), ...omitUndefined({ base }) };
}
