/** `GET /state.json`: what the page shows, for scripts and tests too. */
import type { BuildRecord } from './studio-builds.js';
import type { PropsPanel, StudioProblem, StudioTarget, TargetOutcome } from './studio-types.js';

/** One storyboard image. */
export interface StudioScene {
  readonly index: number;
  /** URL path of the PNG, served by the studio. */
  readonly image: string;
  readonly durationSeconds: number;
}

/** The studio's state: the first eight fields are the machine-readable contract, the others serve the page. */
export interface StudioState {
  /** The `.tsx` (or payload template) as given. */
  readonly file: string;
  /** Increases on every rebuild. */
  readonly version: number;
  /** 1-based data row shown, null without `--data`. */
  readonly row: number | null;
  readonly problems: readonly StudioProblem[];
  readonly scenes: readonly StudioScene[];
  /** Estimated cubes of the drawn payload; null when nothing compiled yet. */
  readonly cubes: number | null;
  readonly payloads: Readonly<Record<StudioTarget, unknown>>;
  /** False when the current sources do not build; scenes and payloads are then the last good build's. */
  readonly ok: boolean;
  /** Version of the build the scenes and payloads come from (older than `version` when not ok). */
  readonly shownVersion: number | null;
  readonly totalSeconds: number | null;
  readonly canvas: { readonly width: number; readonly height: number } | null;
  readonly slots: Readonly<Record<string, string>>;
  /** The target the storyboard is drawn from. */
  readonly drawn: StudioTarget | null;
  /** Per target: the errors that stop it and its warnings (legacy: what it drops and why). */
  readonly targets: Readonly<Record<StudioTarget, Omit<TargetOutcome, 'payload'>>>;
  /** Number of data rows with `--data`, else null. */
  readonly rows: number | null;
  /** The props panel, for a video that exports a schema; null otherwise. */
  readonly panel: StudioPanelState | null;
}

/** What the props panel shows: fields from the JSON Schema, the props, and where Save writes them. */
export interface StudioPanelState extends PropsPanel {
  /** True when the props come from the panel and are not saved yet. */
  readonly edited: boolean;
  /** The props file Save writes (created when it does not exist); null with `--data` (rows live in the data file). */
  readonly saveTo: string | null;
}

/** What the server knows of the panel besides the build: whether the props are edited, where Save writes. */
export interface PanelContext {
  readonly edited: boolean;
  readonly saveTo: string | null;
}

/**
 * The state of `current`, showing `lastGood`'s storyboard and payloads when `current` failed.
 *
 * @example studioState(record, builds.lastGood(record.row), 'video.tsx', { edited: false, saveTo: 'video.props.json' })
 */
export function studioState(
  current: BuildRecord,
  lastGood: BuildRecord | undefined,
  file: string,
  panelContext: PanelContext = { edited: false, saveTo: null },
): StudioState {
  const shown = current.outcome.ok ? current : lastGood;
  const outcome = shown?.outcome;
  const images = shown?.images;
  const scenes = (images?.durations ?? []).map((durationSeconds, index) => ({
    index,
    image: `/scene/${shown?.id ?? ''}/${index}.png`,
    durationSeconds,
  }));
  // A build that stopped before reading the schema (a syntax error) keeps the last good build's panel.
  const panel = current.outcome.panel ?? lastGood?.outcome.panel;
  const strip = (target: StudioTarget): Omit<TargetOutcome, 'payload'> => {
    const from = current.outcome.ok ? current.outcome : (outcome ?? current.outcome);
    const { problems, warnings } = from.targets[target];
    return { problems, warnings };
  };
  return {
    file,
    version: current.version,
    row: current.row,
    problems: current.outcome.problems,
    scenes,
    cubes: outcome?.cubes ?? null,
    payloads: {
      v3A: outcome?.targets.v3A.payload ?? null,
      v3B: outcome?.targets.v3B.payload ?? null,
      legacy: outcome?.targets.legacy.payload ?? null,
    },
    ok: current.outcome.ok,
    shownVersion: shown?.version ?? null,
    totalSeconds:
      images === undefined ? null : Math.round(images.durations.reduce((sum, value) => sum + value, 0) * 10) / 10,
    canvas: images?.canvas ?? null,
    slots: outcome?.slots ?? {},
    drawn: outcome?.drawn ?? null,
    targets: { v3A: strip('v3A'), v3B: strip('v3B'), legacy: strip('legacy') },
    rows: current.outcome.rows ?? lastGood?.outcome.rows ?? null,
    panel: panel === undefined ? null : { ...panel, ...panelContext },
  };
}
