import path from 'node:path';
import { UsageError, isValidationError, issue, type Issue } from '@vsynth/core';
import { compile, importTsx, isElement, jsxDEV, type CompileOptions, type FunctionComponent } from '@vsynth/jsx-runtime';
import type { BatchTemplate, BindResult } from './batch-template.js';
import { withRow } from './with-row.js';

export interface TsxTemplateOptions extends Omit<CompileOptions, 'subject'> {}

/**
 * Loads a TSX template: a `.tsx` file whose default export is a component taking the row as
 * props. Each row compiles to its own create payload (v3, or legacy with `target: 'legacy'`),
 * checked by the compiler with core's rules. The module is loaded once.
 *
 * @example
 * // welcome.tsx: export default ({ firstName }: { firstName: string }) => <Video>…{`Hi ${firstName}`}…</Video>;
 * const template = await tsxTemplate('welcome.tsx', { variant: 'A' });
 * const bound = await template.bind({ firstName: 'Ana' }, 1);
 */
export async function tsxTemplate(file: string, options: TsxTemplateOptions = {}): Promise<BatchTemplate> {
  const mod = await importTsx(file);
  const inner = mod['default'];
  const exports =
    typeof inner === 'object' && inner !== null && !isElement(inner) && 'default' in inner ? (inner as Record<string, unknown>) : mod;
  const component = exports['default'];
  const subject = path.relative(options.cwd ?? process.cwd(), path.resolve(file)).split(path.sep).join('/') || file;
  if (typeof component !== 'function') {
    throw new UsageError(`${subject} must export default a component (row) => <Video>…</Video> to be a TSX template; each row becomes its props.`);
  }
  const avatars = options.avatars ?? (exports['avatars'] as CompileOptions['avatars']);
  const compileOptions: CompileOptions = { ...options, subject, ...(avatars === undefined ? {} : { avatars }) };
  const kind = options.target === 'legacy' ? 'legacy' : 'create';
  return {
    kind,
    description: `TSX template ${subject}`,
    async bind(data, row): Promise<BindResult> {
      try {
        const element = jsxDEV(component as FunctionComponent, { ...data });
        const result = await compile(element, compileOptions);
        return { ok: true, request: { kind, body: result.payload as unknown as Record<string, unknown> }, warnings: withRow(result.warnings, row) };
      } catch (error) {
        if (isValidationError(error)) return { ok: false, issues: withRow(error.issues.filter((i: Issue) => i.severity === 'error'), row) };
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, issues: [issue({ code: 'template', message: `${subject} failed for this row: ${message}`, path: [], row })] };
      }
    },
  };
}
