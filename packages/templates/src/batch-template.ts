import type { Issue } from '@vsynth/core';

/** Which endpoint a bound row is sent to. */
export type BatchRequestKind = 'create' | 'legacy' | 'modify';

/** One row's request, ready to send. */
export interface BatchRequest {
  readonly kind: BatchRequestKind;
  /** The JSON body. For `modify`, `body.projectId` names the project it changes. */
  readonly body: Record<string, unknown>;
}

/** The outcome of binding one row: a valid request, or every problem found in the row. */
export type BindResult =
  | { readonly ok: true; readonly request: BatchRequest; readonly warnings: readonly Issue[] }
  | { readonly ok: false; readonly issues: readonly Issue[] };

/**
 * A template compiled once and bound per row. {@link modifyTemplate}, {@link payloadTemplate}
 * and {@link tsxTemplate} make one; any object of this shape works with `runBatch`.
 */
export interface BatchTemplate {
  readonly kind: BatchRequestKind;
  /** Short description for messages, e.g. `modify template examples/batch/greeting/modify.json`. */
  readonly description: string;
  /** Columns the template reads, when it can tell before binding (Handlebars templates can). */
  readonly columns?: { readonly required: ReadonlySet<string>; readonly optional: ReadonlySet<string> };
  /** Columns read by the rows bound so far, for templates that learn it while binding (TSX). */
  columnsRead?(): ReadonlySet<string>;
  /** The project every row modifies, when a modify template names one fixed project (no `{{…}}`). */
  readonly projectId?: string;
  /** Binds one row; `row` is the 1-based data row number. Never throws for bad row data. */
  bind(data: Readonly<Record<string, unknown>>, row: number): BindResult | Promise<BindResult>;
}

/** A template that binds synchronously (the Handlebars ones): `bind` returns the result itself. */
export interface SyncBatchTemplate extends BatchTemplate {
  bind(data: Readonly<Record<string, unknown>>, row: number): BindResult;
}
