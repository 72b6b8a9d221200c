/**
 * The records the sandbox keeps in its data directory. Owners are digests, never raw keys or
 * tokens: `key:<sha256 of the API key, 16 hex>` or `app:<appId>`.
 */

/** What a project was created from. `audio` is a legacy audio request. */
export type ProjectFormat = 'v3' | 'legacy' | 'audio';

export interface ProjectRecord {
  /** The projectId of v3 answers and the `key` of legacy answers: one id space. */
  readonly id: string;
  readonly owner: string;
  readonly format: ProjectFormat;
  readonly name: string | undefined;
  /** The stored payload as validated (unknown fields kept), changed by modify and edit. */
  readonly payload: unknown;
  /** 1 after create, +1 for each accepted modify or edit. */
  readonly revision: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type ExportStatus = 'exporting' | 'done' | 'failed';
export type WebhookStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookState {
  readonly url: string;
  readonly status: WebhookStatus;
  readonly attempts: number;
  /** Epoch ms of the next attempt while pending. */
  readonly nextAttemptAt: number | undefined;
  readonly lastError: string | undefined;
  readonly deliveredAt: string | undefined;
}

export interface ExportRecord {
  readonly id: string;
  readonly projectId: string;
  readonly owner: string;
  readonly format: ProjectFormat;
  /** The project's revision when the export was asked for. */
  readonly revision: number;
  /** A copy of the payload as it was when the export was asked for. */
  readonly payload: unknown;
  readonly status: ExportStatus;
  /** Epoch ms. */
  readonly startedAt: number;
  /** Epoch ms at which the export completes. */
  readonly finishAt: number;
  readonly artifactId: string | undefined;
  /** Seconds, as reported in the webhook's `duration`. */
  readonly duration: number | undefined;
  readonly error: string | undefined;
  readonly webhook: WebhookState | undefined;
}

export interface ArtifactRecord {
  /** Unguessable; downloads need no `Authorization`, like the service's download links. */
  readonly id: string;
  readonly owner: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  /** Path of the bytes relative to the data directory. */
  readonly file: string;
  readonly createdAt: string;
}

export interface LedgerEntry {
  readonly id: string;
  readonly owner: string;
  /** `METHOD /path` of the request, e.g. `POST /api/odin/v3/editor/project`. */
  readonly endpoint: string;
  /** ISO 8601 time the request was accepted. */
  readonly time: string;
  readonly cubes: number;
  readonly projectId?: string;
  readonly key?: string;
  readonly folderId?: string;
  readonly exportId?: string;
  /** The request body as received (for dubbing: the text fields and the files' names and sizes). */
  readonly body: unknown;
}

export interface TokenRecord {
  /** sha256 of the token; the token itself is never stored. */
  readonly digest: string;
  readonly owner: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface DubbingFile {
  readonly field: string;
  readonly fileName: string;
  readonly size: number;
  /** Path relative to the data directory. */
  readonly file: string;
}

export interface DubbingRecord {
  /** The folderId. */
  readonly id: string;
  readonly owner: string;
  readonly projectId: string;
  readonly name: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly files: readonly DubbingFile[];
  readonly targets: readonly string[];
  readonly createdAt: number;
  /** How many times progress was polled. */
  readonly polls: number;
  /** The artifact served as `download_url` (the uploaded video, unchanged). */
  readonly artifactId: string;
}

/** One line of the store's log. */
export type StoreRecord =
  | { readonly t: 'project'; readonly v: ProjectRecord }
  | { readonly t: 'export'; readonly v: ExportRecord }
  | { readonly t: 'artifact'; readonly v: ArtifactRecord }
  | { readonly t: 'ledger'; readonly v: LedgerEntry }
  | { readonly t: 'token'; readonly v: TokenRecord }
  | { readonly t: 'dubbing'; readonly v: DubbingRecord };
