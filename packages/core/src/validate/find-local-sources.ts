import { issue, type Issue, type PathSegment } from '../errors/issue.js';

/** Fields that carry an asset address: clip and background `source_url`, `video_url`, legacy `detail.url`. */
const ADDRESS_KEYS = new Set(['source_url', 'video_url']);

/** What the service can fetch: an http(s) address, or a path on the service itself as the interface shows. */
const SENDABLE = /^(https?:\/\/|\/(?!\/))/i;

/**
 * The asset addresses of a payload the service cannot fetch, one error each at its path: a `file:` URL, a
 * relative path, a `data:` URL. Run before sending (the client does), since a video with such an asset still
 * renders, is charged, and shows "missing image".
 *
 * @example findLocalSources({ scenes: [{ clips: [{ source_url: 'file:///home/me/logo.png' }] }] }).length // 1
 */
export function findLocalSources(payload: unknown): Issue[] {
  const found: Issue[] = [];
  const path: PathSegment[] = [];
  const visit = (value: unknown, key: PathSegment | undefined, parentKey: PathSegment | undefined): void => {
    if (typeof value === 'string') {
      const isAddress = (typeof key === 'string' && ADDRESS_KEYS.has(key)) || (key === 'url' && parentKey === 'detail');
      if (isAddress && value.trim() !== '' && !SENDABLE.test(value.trim())) {
        const message =
          `${String(key)} ${JSON.stringify(value)} is ${describeLocal(value.trim())}, which the service cannot fetch: ` +
          'upload the file and use its http(s) address (compile with `assetBaseUrl` to map the asset folder)';
        found.push(issue({ code: 'local_asset', message, path: [...path] }));
      }
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const entries: [PathSegment, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value as Record<string, unknown>);
    for (const [k, v] of entries) {
      path.push(k);
      visit(v, k, key);
      path.pop();
    }
  };
  visit(payload, undefined, undefined);
  return found;
}

function describeLocal(value: string): string {
  if (/^file:/i.test(value) || /^[a-z]:[\\/]/i.test(value)) return 'a local file';
  if (/^data:/i.test(value)) return 'a data: URL';
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) return `a ${value.slice(0, value.indexOf(':'))}: address`;
  return 'a relative path on your disk';
}
