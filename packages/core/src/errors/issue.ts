/** A place in a TSX source file, as recorded by `jsxDEV`. */
export interface SourceLocation {
  readonly fileName: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
  /** The element's display name, e.g. `Avatar`. */
  readonly element?: string;
}

export type PathSegment = string | number;

/** What kind of problem an issue is: schema codes from validating JSON, the others from compiling and batches. */
export type IssueCode =
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_format'
  | 'missing'
  | 'too_small'
  | 'too_big'
  | 'unknown_key'
  | 'rule'
  | 'jsx'
  | 'template'
  | 'row'
  | 'quirk'
  | 'local_asset'
  | 'layout';

/** One problem found in a payload, a JSX tree, a template or a data row. */
export interface Issue {
  readonly code: IssueCode;
  readonly severity: 'error' | 'warning';
  /** Where in the payload, e.g. `['scenes', 0, 'scripts', 0, 'modelId']`. */
  readonly path: readonly PathSegment[];
  readonly message: string;
  /** The JSX element that produced the problem, when there is one. */
  readonly source?: SourceLocation;
  /** 1-based data row number. */
  readonly row?: number;
  /** Column or template variable involved. */
  readonly field?: string;
}

/**
 * Builds an issue; `severity` defaults to `error`.
 *
 * @example issue({ code: 'missing', path: ['scenes'], message: 'scenes is required' })
 */
export function issue(fields: Omit<Issue, 'severity'> & { severity?: Issue['severity'] }): Issue {
  return { severity: 'error', ...fields };
}
