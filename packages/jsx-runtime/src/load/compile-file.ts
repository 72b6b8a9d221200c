import { omitUndefined, UsageError, type LegacyProjectRequest, type ProjectCreateRequest } from '@vsynth/core';
import type { AvatarSource } from '../avatar/avatar-catalogue.js';
import { compile, type CompileOptions, type CompileResult } from '../compile/compile.js';
import { displayPath } from '../compile/display-path.js';
import { isElement, type FunctionComponent } from '../element.js';
import { jsxDEV } from '../jsx-dev-runtime.js';
import { parseProps, type PropsOrigin } from '../props/parse-props.js';
import { propsSchemaOf } from '../props/props-schema.js';
import { importTsx } from './import-tsx.js';

export interface CompileFileOptions extends CompileOptions {
  /** Props passed when the default export is a component (e.g. a data row for a template). */
  readonly props?: Record<string, unknown>;
  /**
   * Where `props` came from, named in the messages of a schema check (default `props`); with the
   * JSON text they were read from, each message carries the line and column of its key.
   */
  readonly propsOrigin?: PropsOrigin;
}

/**
 * Loads a `.tsx` file (no JSX configuration needed) and compiles its default export: an element, or a
 * component called with `props`. A named export `avatars` is used when `options.avatars` is not given.
 * When the module exports a zod `schema` beside a component, the props are parsed with it first
 * (defaults applied; unknown, missing or ill-typed props are one ValidationError).
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
  const { props, propsOrigin, ...compileOptions } = options;
  const root = await loadDefaultExport(file, compileOptions.cwd);
  const subject = compileOptions.subject ?? displayPath(file, compileOptions.cwd ?? process.cwd());
  const avatars = compileOptions.avatars ?? (root.avatars as readonly AvatarSource[] | undefined);
  let element = root.value;
  if (typeof element === 'function') {
    const schema = propsSchemaOf(root.exports, subject);
    const given = props ?? {};
    const checked = schema === undefined ? given : parseProps(schema, given, propsOrigin ?? { name: 'props' });
    element = jsxDEV(element as FunctionComponent, { ...checked });
  } else if (props !== undefined) {
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
async function loadDefaultExport(
  file: string,
  cwd: string | undefined,
): Promise<{ value: unknown; avatars: unknown; exports: Record<string, unknown> }> {
  const exports = await importTsx(file, omitUndefined({ cwd }));
  if (!('default' in exports)) {
    throw new UsageError(
      `${file} has no default export: export default a <Video> element or a component returning one.`,
    );
  }
  return { value: exports['default'], avatars: exports['avatars'], exports };
}
