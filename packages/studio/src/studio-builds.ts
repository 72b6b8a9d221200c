/**
 * The studio's builds: one per (version of the sources, data row), made on demand one at a time, and the
 * last good build of each row, which the page keeps showing while the sources do not compile.
 */
import path from 'node:path';
import { omitUndefined } from '@vsynth/core';
import { BuildProcesses } from './build-processes.js';
import { sceneImages, type SceneImages } from './scene-images.js';
import type { BuildJob, BuildOutcome } from './studio-types.js';

/** One finished build. */
export interface BuildRecord {
  /** Unique per build; names its images (`/scene/<id>/<index>.png`). */
  readonly id: string;
  readonly version: number;
  /** 1-based data row, null without `--data`. */
  readonly row: number | null;
  readonly outcome: BuildOutcome;
  /** Images and durations of the drawn payload; undefined when nothing compiled. */
  readonly images: SceneImages | undefined;
}

export interface StudioSources {
  readonly file?: string;
  readonly template?: string;
  readonly props?: string;
  readonly data?: string;
  readonly cwd: string;
  /** Stop a build after this long (default 30 s). */
  readonly timeoutMs?: number;
}

const KEPT_BUILDS = 24;

/** Versions and builds of one studio. */
export class StudioBuilds {
  #sources: StudioSources;
  /** Props edited in the panel, per row (null without data), not yet saved. */
  readonly #edits = new Map<number | null, Readonly<Record<string, unknown>>>();
  readonly #processes: BuildProcesses;
  readonly #records = new Map<string, Promise<BuildRecord>>();
  readonly #lastGood = new Map<number | null, BuildRecord>();
  #latestGood: BuildRecord | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #version = 1;

  constructor(sources: StudioSources) {
    this.#sources = sources;
    this.#processes = new BuildProcesses({ cwd: sources.cwd, ...omitUndefined({ timeoutMs: sources.timeoutMs }) });
  }

  /** The version of the sources; it increases on every rebuild. */
  get version(): number {
    return this.#version;
  }

  get hasData(): boolean {
    return this.#sources.data !== undefined;
  }

  /** The props file, absolute, when there is one. */
  get propsFile(): string | undefined {
    return this.#sources.props;
  }

  /** From now on builds read their props from `file` (a props file the panel just created). */
  usePropsFile(file: string): void {
    this.#sources = { ...this.#sources, props: file };
  }

  /** The panel's props for `row` (ignored without data); undefined goes back to the file or row. Bump after. */
  setEdit(row: number, props: Readonly<Record<string, unknown>> | undefined): void {
    const forRow = this.hasData ? row : null;
    if (props === undefined) this.#edits.delete(forRow);
    else this.#edits.set(forRow, props);
  }

  /** The panel's unsaved props for `row`, if it has any. */
  edit(row: number): Readonly<Record<string, unknown>> | undefined {
    return this.#edits.get(this.hasData ? row : null);
  }

  /** Marks the sources changed: the next `get` builds them again. Returns the new version. */
  bump(): number {
    this.#version += 1;
    return this.#version;
  }

  /** The build of the current version for `row` (1 when rows come from data, else ignored). */
  get(row: number): Promise<BuildRecord> {
    const version = this.#version;
    const forRow = this.hasData ? row : null;
    const key = `${version}-${forRow ?? 0}`;
    let record = this.#records.get(key);
    if (record === undefined) {
      record = this.#enqueue(() => this.#build(key, version, forRow));
      this.#records.set(key, record);
      while (this.#records.size > KEPT_BUILDS) this.#records.delete(this.#records.keys().next().value ?? key);
    }
    return record;
  }

  /** The last build of `row` that compiled (else of any row), whose storyboard stays on the page. */
  lastGood(row: number | null): BuildRecord | undefined {
    return this.#lastGood.get(row) ?? this.#latestGood;
  }

  async byId(id: string): Promise<BuildRecord | undefined> {
    const record = await this.#records.get(id);
    if (record !== undefined) return record;
    for (const good of [...this.#lastGood.values()]) if (good.id === id) return good;
    return undefined;
  }

  close(): void {
    this.#processes.close();
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(task, task);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #build(id: string, version: number, row: number | null): Promise<BuildRecord> {
    const { file, template, props, data, cwd } = this.#sources;
    const propsValue = this.#edits.get(row);
    const job: BuildJob = { cwd, row: row ?? 1, ...omitUndefined({ file, template, props, data, propsValue }) };
    const outcome = await this.#processes.run(job);
    const drawnPayload = outcome.drawn === null ? undefined : outcome.targets[outcome.drawn].payload;
    const baseDir = path.dirname(file ?? template ?? path.join(cwd, 'x'));
    let images: SceneImages | undefined;
    if (outcome.drawn !== null && drawnPayload !== null && drawnPayload !== undefined) {
      try {
        images = sceneImages(drawnPayload, outcome.drawn === 'legacy' ? 'legacy' : 'v3', baseDir);
      } catch {
        images = undefined;
      }
    }
    const record: BuildRecord = { id, version, row, outcome, images };
    if (outcome.ok) {
      this.#lastGood.set(row, record);
      this.#latestGood = record;
    }
    return record;
  }
}
