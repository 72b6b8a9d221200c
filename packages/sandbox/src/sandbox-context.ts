import type { IncomingMessage } from 'node:http';
import type { Caller, SandboxAuth } from './sandbox-auth.js';
import type { ExportRunner } from './export-runner.js';
import type { ResolvedSandboxOptions } from './sandbox-options.js';
import type { SandboxStore } from './sandbox-store.js';

/** The services every route handler uses. */
export interface SandboxContext {
  readonly store: SandboxStore;
  readonly options: ResolvedSandboxOptions;
  readonly auth: SandboxAuth;
  readonly exports: ExportRunner;
  /** `http://host:port` as clients reach the sandbox. */
  readonly baseUrl: () => string;
}

/** One request as a handler sees it. */
export interface RouteRequest {
  readonly request: IncomingMessage;
  readonly url: URL;
  /** Captured path segments, e.g. the project key. */
  readonly params: readonly string[];
  /** Present on routes that need `Authorization`. */
  readonly caller: Caller;
  /** `METHOD /path` as the ledger records it. */
  readonly endpoint: string;
}

/**
 * What a handler answers: JSON, a JSON document given as the pieces of its text (sent as they
 * come: a document that can outgrow the longest string, like a big sandbox's ledger), or a
 * stored file streamed from the data directory.
 */
export type RouteReply =
  | { readonly status: number; readonly json: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly status: number; readonly jsonPieces: Iterable<string> }
  | {
      readonly status: number;
      readonly file: {
        readonly path: string;
        readonly contentType: string;
        readonly fileName: string;
        readonly size: number;
      };
    };

export type RouteHandler = (context: SandboxContext, request: RouteRequest) => Promise<RouteReply>;
