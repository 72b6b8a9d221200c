/**
 * One build of the studio's sources for one data row, run inside the build process: compile the `.tsx` to
 * v3 A, v3 B and legacy (lossy, so the legacy tab lists what it drops), or bind a payload template.
 */
import { readFile } from 'node:fs/promises';
import { estimateCubes, isValidationError, omitUndefined, parseJsonText, type Issue } from '@vsynth/core';
import {
  compile,
  importTsx,
  isElement,
  jsxDEV,
  locateIssues,
  parseProps,
  propsJsonSchema,
  propsSchemaOf,
  type CompileOptions,
  type CompileResult,
  type FunctionComponent,
  type PropsSchema,
  type VsynthNode,
} from '@vsynth/jsx-runtime';
import {
  coerceCells,
  missingVariableIssue,
  payloadTemplate,
  rowProps,
  rowsFromFile,
  schemaRowProps,
  type DataRow,
} from '@vsynth/templates';
import { clipBoxOf } from './clip-box.js';
import { failedOutcome as failed } from './failed-outcome.js';
import { errorProblems, shown, toProblem } from './to-problem.js';
import type { BuildJob, BuildOutcome, PropsPanel, StudioProblem, StudioTarget, TargetOutcome } from './studio-types.js';

const TARGETS: readonly StudioTarget[] = ['v3A', 'v3B', 'legacy'];
const TARGET_OPTIONS: Readonly<Record<StudioTarget, CompileOptions>> = {
  v3A: { target: 'v3', variant: 'A' },
  v3B: { target: 'v3', variant: 'B' },
  legacy: { target: 'legacy', lossy: true },
};
const TARGET_NAMES: Readonly<Record<StudioTarget, string>> = {
  v3A: 'v3 variant A',
  v3B: 'v3 variant B',
  legacy: 'legacy',
};

/** Builds `job` and reports every problem; never throws for a user error. */
export async function runBuildJob(job: BuildJob): Promise<BuildOutcome> {
  const { cwd } = job;
  const main = job.file ?? job.template ?? '';
  let rows: DataRow[] | null = null;
  let row: DataRow | undefined;
  if (job.data !== undefined) {
    try {
      rows = [];
      for await (const item of rowsFromFile(job.data)) rows.push(item);
    } catch (error) {
      return failed(errorProblems(error, job.data, cwd), null);
    }
    row = rows.find((item) => item.row === job.row);
    const dataFile = shown(job.data, cwd);
    if (row === undefined) {
      const count = rows.length;
      const message = `row ${job.row} does not exist: ${dataFile} has ${count} data row(s); pick 1 to ${count}`;
      return failed([{ message, file: dataFile, line: null, column: null, severity: 'error', row: job.row }], count);
    }
    const rowErrors = (row.issues ?? []).filter((item) => item.severity === 'error');
    if (rowErrors.length > 0) {
      return failed(
        rowErrors.map((item) => atRow(item, job.data ?? '', row?.line, cwd)),
        rows.length,
      );
    }
  }
  let props: Record<string, unknown> | undefined;
  let propsText: string | undefined;
  if (job.propsValue !== undefined) props = { ...job.propsValue };
  else if (job.props !== undefined) {
    try {
      propsText = await readFile(job.props, 'utf8');
      const parsed = parseJsonText(propsText, { source: shown(job.props, cwd) });
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error(`${shown(job.props, cwd)} must hold a JSON object (the component's props)`);
      }
      props = parsed as Record<string, unknown>;
    } catch (error) {
      return failed(errorProblems(error, job.props, cwd), rows?.length ?? null);
    }
  }
  const context: Context = { job, main, rows, row, props, propsText };
  if (job.template !== undefined) return buildPayloadTemplate(context, job.template);
  const panel: { value?: PropsPanel } = {};
  const outcome = await buildTsx(context, job.file ?? '', panel);
  return panel.value === undefined ? outcome : { ...outcome, panel: panel.value };
}

interface Context {
  readonly job: BuildJob;
  readonly main: string;
  readonly rows: DataRow[] | null;
  readonly row: DataRow | undefined;
  readonly props: Record<string, unknown> | undefined;
  /** The props file's text, so a props problem points at its line. */
  readonly propsText: string | undefined;
}

async function buildTsx(context: Context, file: string, panel: { value?: PropsPanel }): Promise<BuildOutcome> {
  const { job, row, rows } = context;
  const rowCount = rows?.length ?? null;
  let mod: Record<string, unknown>;
  try {
    mod = await importTsx(file);
  } catch (error) {
    return failed(errorProblems(error, file, job.cwd), rowCount);
  }
  const root = mod['default'];
  const subject = shown(file, job.cwd);
  const fail = (message: string): BuildOutcome =>
    failed([{ message, file: subject, line: null, column: null, severity: 'error' }], rowCount);
  const optionalColumns = Array.isArray(mod['optionalColumns']) ? (mod['optionalColumns'] as unknown[]) : [];
  const optional = new Set(optionalColumns.filter((name): name is string => typeof name === 'string'));
  let schema: PropsSchema | undefined;
  try {
    schema = propsSchemaOf(mod, subject);
  } catch (error) {
    return failed(errorProblems(error, file, job.cwd), rowCount);
  }
  const edited = job.propsValue !== undefined;
  if (schema !== undefined) panel.value = propsPanel(schema, context, edited);
  const tracked = row === undefined || schema !== undefined ? undefined : rowProps(row.data, optional);
  let element: VsynthNode;
  if (typeof root === 'function') {
    let props: Record<string, unknown> = tracked?.props ?? { ...context.props };
    if (schema !== undefined && row !== undefined && !edited) {
      const checked = schemaRowProps(schema, row.data, row.row);
      if (!checked.ok) {
        const problems = checked.issues.map((found) => ({
          ...atRow({ ...found, message: `row ${row.row}: ${found.message}` }, job.data ?? '', row.line, job.cwd),
          prop: found.path,
        }));
        return failed(problems, rowCount);
      }
      props = checked.props;
    } else if (schema !== undefined) {
      const propsFile = job.props === undefined ? undefined : shown(job.props, job.cwd);
      try {
        const origin = edited ? { name: 'the props panel' } : { name: propsFile ?? 'props' };
        props = parseProps(schema, context.props ?? {}, { ...origin, ...omitUndefined({ text: context.propsText }) });
      } catch (error) {
        const issues = isValidationError(error) ? error.issues.filter((found) => found.severity === 'error') : [];
        const problems = errorProblems(error, job.props ?? file, job.cwd);
        return failed(
          problems.map((problem, index) => ({ ...problem, ...omitUndefined({ prop: issues[index]?.path }) })),
          rowCount,
        );
      }
    }
    element = jsxDEV(root as FunctionComponent, props);
  } else if (isElement(root)) {
    if (row !== undefined || context.props !== undefined) {
      const given = row !== undefined ? 'a data row' : 'props';
      return fail(
        `${subject} exports an element, not a component: ${given} cannot be passed to it. ` +
          'Export a component (props) => <Video>…</Video> instead.',
      );
    }
    element = root;
  } else if (!('default' in exports)) {
    return fail(`${subject} has no default export: export default a <Video> element or a component returning one.`);
  } else {
    return fail(`${subject} must export default a <Video> element or a component returning one; got ${typeof root}.`);
  }
  const avatars = mod['avatars'] as CompileOptions['avatars'];
  const common: CompileOptions = { subject, cwd: job.cwd, ...omitUndefined({ avatars }) };
  const results: Partial<Record<StudioTarget, CompileResult>> = {};
  const outlined = (item: Issue, payload: unknown): StudioProblem => ({
    ...toProblem(item, file, job.cwd),
    ...omitUndefined({ clip: clipBoxOf(item, payload) }),
  });
  const targets = {} as Record<StudioTarget, TargetOutcome>;
  for (const target of TARGETS) {
    try {
      const result = await compile(element, { ...common, ...TARGET_OPTIONS[target] });
      results[target] = result;
      const warnings = result.warnings.map((item) => outlined(item, result.payload));
      targets[target] = { payload: result.payload, problems: [], warnings };
    } catch (error) {
      targets[target] = { payload: null, problems: errorProblems(error, file, job.cwd), warnings: [] };
    }
  }
  if (tracked !== undefined && tracked.missing.size > 0 && row !== undefined) {
    const columns = Object.keys(row.data);
    const problems = [...tracked.missing].map((name) => {
      const found = missingVariableIssue({ name, row: row.row, path: [], columns, noun: 'prop', usedBy: subject });
      const message = `row ${row.row}: ${found.message}; if the column is optional, list it in export const optionalColumns`;
      return atRow({ ...found, message }, job.data ?? '', row.line, job.cwd);
    });
    return { ...failed(problems, rowCount), targets };
  }
  const drawn = TARGETS.find((target) => targets[target].payload !== null) ?? null;
  if (drawn === null) {
    return { ...failed(dedupe(TARGETS.flatMap((target) => targets[target].problems)), rowCount), targets };
  }
  const problems: StudioProblem[] = [...targets[drawn].warnings];
  const drawnResult = results[drawn];
  if (drawn !== 'legacy' && drawnResult !== undefined) {
    // Text that needs more room than its box, measured with the fonts the storyboard is drawn with.
    const { findTextOverflow, loadTextShaper } = await import('@vsynth/preview');
    await loadTextShaper();
    const overflow = locateIssues(drawnResult, findTextOverflow(drawnResult.payload));
    problems.push(...overflow.map((item) => outlined(item, drawnResult.payload)));
  }
  if (drawn !== 'v3A') {
    const first = targets.v3A.problems[0];
    const reason = first?.message ?? 'it does not compile';
    problems.unshift({
      message: `does not compile to v3 variant A (${reason}); showing the ${TARGET_NAMES[drawn]} payload`,
      file: subject,
      line: first?.line ?? null,
      column: first?.column ?? null,
      severity: 'warning',
    });
  }
  return {
    ok: true,
    problems,
    targets,
    drawn,
    slots: results.v3A?.slots ?? results.v3B?.slots ?? {},
    cubes: cubesOf(targets[drawn].payload, drawn),
    rows: rowCount,
  };
}

async function buildPayloadTemplate(context: Context, file: string): Promise<BuildOutcome> {
  const { job, row, rows } = context;
  const rowCount = rows?.length ?? null;
  const name = shown(file, job.cwd);
  let bound;
  try {
    const json = parseJsonText(await readFile(file, 'utf8'), { source: name });
    const template = payloadTemplate(json, { name });
    if (row === undefined) {
      const message = `${name} is a payload template: give the rows to bind with --data`;
      return failed([{ message, file: name, line: null, column: null, severity: 'error' }], rowCount);
    }
    bound = template.bind(row.data, row.row);
  } catch (error) {
    return failed(errorProblems(error, file, job.cwd), rowCount);
  }
  if (!bound.ok) {
    const problems = bound.issues.map((item) =>
      item.row !== undefined && item.source === undefined
        ? atRow(item, job.data ?? file, row.line, job.cwd)
        : toProblem(item, file, job.cwd),
    );
    return failed(problems, rowCount);
  }
  const body = bound.request.body;
  const drawn: StudioTarget = bound.request.kind === 'legacy' ? 'legacy' : hasScripts(body) ? 'v3A' : 'v3B';
  const only: StudioProblem = {
    message: `${name} is a ${TARGET_NAMES[drawn]} payload template: it gives that payload only`,
    file: name,
    line: null,
    column: null,
    severity: 'warning',
  };
  const targets = {} as Record<StudioTarget, TargetOutcome>;
  for (const target of TARGETS) {
    const isDrawn = target === drawn;
    targets[target] = { payload: isDrawn ? body : null, problems: isDrawn ? [] : [only], warnings: [] };
  }
  const warnings = bound.warnings.map((item) => toProblem(item, file, job.cwd));
  return { ok: true, problems: warnings, targets, drawn, slots: {}, cubes: cubesOf(body, drawn), rows: rowCount };
}

/** The panel's schema and props, and with rows, the problems of every row the schema refuses. */
function propsPanel(schema: PropsSchema, context: Context, edited: boolean): PropsPanel {
  const json = propsJsonSchema(schema);
  const { row, rows } = context;
  let props: Record<string, unknown> = context.props ?? {};
  if (row !== undefined && !edited) {
    const cells = coerceCells(row.data, json);
    props = Object.fromEntries(Object.entries(cells).filter(([name]) => Object.hasOwn(json.properties ?? {}, name)));
  }
  const rowProblems =
    rows === null
      ? null
      : rows.flatMap((item) => {
          const checked = schemaRowProps(schema, item.data, item.row);
          return checked.ok ? [] : [{ row: item.row, problems: checked.issues.map((found) => found.message) }];
        });
  return { schema: json, props, rowProblems };
}

/** A row's problem located at the row's line in the data file. */
function atRow(item: Issue, dataFile: string, line: number | undefined, cwd: string): StudioProblem {
  return {
    message: item.message,
    file: shown(dataFile, cwd),
    line: line ?? null,
    column: line === undefined ? null : 1,
    severity: item.severity,
    ...omitUndefined({ row: item.row }),
  };
}

function dedupe(problems: readonly StudioProblem[]): StudioProblem[] {
  const seen = new Set<string>();
  return problems.filter((item) => {
    const key = `${item.file}:${item.line}:${item.column}:${item.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function cubesOf(payload: unknown, target: StudioTarget): number | null {
  try {
    return estimateCubes({ kind: target === 'legacy' ? 'legacy' : 'create', body: payload });
  } catch {
    return null;
  }
}

function hasScripts(body: Record<string, unknown>): boolean {
  const scenes = body['scenes'];
  if (!Array.isArray(scenes)) return false;
  return scenes.some(
    (scene) => typeof scene === 'object' && scene !== null && Array.isArray((scene as { scripts?: unknown }).scripts),
  );
}
