import { omitUndefined, UsageError, type LegacyProjectRequest, type ProjectCreateRequest } from '@vsynth/core';
import type { AvatarSource } from '../avatar/avatar-catalogue.js';
import { compile, type CompileOptions, type CompileResult } from '../compile/compile.js';
import { displayPath } from '../compile/display-path.js';
import { isElement, type FunctionComponent } from '../element.js';
import { jsxDEV } from '../jsx-dev-runtime.js';
import { importTsx } from './import-tsx.js';

export interface CompileFileOptions extends CompileOptions {
  /** Props passed when the default export is a component (e.g. a data row for a template). */
  readonly props?: Record<string, unknown>;
}

/**
 * Loads a `.tsx` file (no JSX configuration needed) and compiles its default export: an element, or a
 * component called with `props`. A named export `avatars` is used when `options.avatars` is not given.
 *
 * @example const { payload, slots } = await compileFile('promo.tsx', { variant: 'B' });
 */
export async function compileFile(
  file: string,
  options: CompileFileOptions & { readonly target: 'legacy' },
): Promise<CompileResult<LegacyProjectRequest>>;
export async function compileFile(
  file: string,
  options?: CompileFileOptions & { readonly target?: 'v3' },
): Promise<CompileResult<ProjectCreateRequest>>;
export async function compileFile(file: string, options?: CompileFileOptions): Promise<CompileResult>;
export async function compileFile(file: string, options: CompileFileOptions = {}): Promise<CompileResult> {
  const { props, ...compileOptions } = options;
  const root = await loadDefaultExport(file, compileOptions.cwd);
  const subject = compileOptions.subject ?? displayPath(file, compileOptions.cwd ?? process.cwd());
  const avatars = compileOptions.avatars ?? (root.avatars as readonly AvatarSource[] | undefined);
  let element = root.value;
  if (typeof element === 'function') element = jsxDEV(element as FunctionComponent, { ...props });
  else if (props !== undefined) {
    throw new UsageError(
      `${subject} exports an element, not a component: props cannot be passed to it. ` +
        'Export a component (props) => <Video>…</Video> instead.',
    );
  }
  if (!isElement(element)) {
    throw new UsageError(
      `${subject} must export default a <Video> element or a component returning one; got ${typeof element}.`,
    );
  }
  return compile(element, { ...compileOptions, subject, ...omitUndefined({ avatars }) });
}

/** The default export and the `avatars` export. */
async function loadDefaultExport(file: string, cwd: string | undefined): Promise<{ value: unknown; avatars: unknown }> {
  const exports = await importTsx(file, omitUndefined({ cwd }));
  if (!('default' in exports)) {
    throw new UsageError(
      `${file} has no default export: export default a <Video> element or a component returning one.`,
    );
  }
  return { value: exports['default'], avatars: exports['avatars'] };
}
