import type { JsonSchemaNode } from '@vsynth/jsx-runtime';

/** One problem as the page and `/state.json` show it; `line`/`column` are 1-based, null when unknown. */
export interface StudioProblem {
  readonly message: string;
  /** File as shown to the user (relative to the studio's working directory when inside it). */
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly severity: 'error' | 'warning';
  /** 1-based data row, for problems of a bound row. */
  readonly row?: number;
  /** Path of the prop a props problem is about (`["features", 0, "price"]`): the panel shows it at that field. */
  readonly prop?: readonly (string | number)[];
  /** The clip a layout problem is about, outlined on its scene in the storyboard. */
  readonly clip?: StudioClipBox;
}

/** A clip's displayed box on its scene's canvas, in pixels. */
export interface StudioClipBox {
  readonly scene: number;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The three payloads the page shows in tabs. */
export type StudioTarget = 'v3A' | 'v3B' | 'legacy';

/** What one target compiled to: its payload, or null with the reasons. */
export interface TargetOutcome {
  readonly payload: unknown;
  /** Errors that stopped this target (empty when it compiled). */
  readonly problems: readonly StudioProblem[];
  /** Warnings; for legacy, every element a lossy compile dropped and why. */
  readonly warnings: readonly StudioProblem[];
}

/** What a build process reports for one (sources, row). */
export interface BuildOutcome {
  /** True when at least one target compiled, so there is a storyboard to draw. */
  readonly ok: boolean;
  /** Problems of the build as a whole: load failure, props, data, the drawn target's errors and warnings. */
  readonly problems: readonly StudioProblem[];
  readonly targets: Readonly<Record<StudioTarget, TargetOutcome>>;
  /** The target the storyboard, duration and cubes come from. */
  readonly drawn: StudioTarget | null;
  readonly slots: Readonly<Record<string, string>>;
  readonly cubes: number | null;
  /** Number of data rows with `--data`, else null. */
  readonly rows: number | null;
  /** For a video with a props schema: what the props panel edits. */
  readonly panel?: PropsPanel;
}

/** The props panel of a video that exports a schema. */
export interface PropsPanel {
  /** The props JSON Schema (`propsJsonSchema`), the panel's fields. */
  readonly schema: JsonSchemaNode;
  /** The props as given (the props file, the panel's edit, or the row's cells read by the schema). */
  readonly props: Readonly<Record<string, unknown>>;
  /** With `--data`: every row whose cells the schema refuses, with the problems. */
  readonly rowProblems: readonly { readonly row: number; readonly problems: readonly string[] }[] | null;
}

/** What the server sends a build process. */
export interface BuildJob {
  /** The `.tsx` video or TSX template, absolute; absent with a payload template. */
  readonly file?: string;
  /** A Handlebars payload template (`.json`), absolute. */
  readonly template?: string;
  readonly props?: string;
  readonly data?: string;
  /** 1-based data row (used with `data`). */
  readonly row: number;
  /** Props edited in the panel: used instead of the props file or the data row. */
  readonly propsValue?: Readonly<Record<string, unknown>>;
  /** Directory file names in messages are relative to. */
  readonly cwd: string;
}
