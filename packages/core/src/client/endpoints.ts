/** Which base address an endpoint lives under: `v3` is `{base_url}`, `legacy` is `{legacy_base_url}`. */
export type EndpointBase = 'v3' | 'legacy';

export interface EndpointDefinition {
  readonly method: 'GET' | 'POST';
  readonly base: EndpointBase;
  /** Path below the base address, without a leading slash; `{key}` is filled in per call. */
  readonly path: string;
}

/** The spec's 8 endpoints (section "Endpoints"), by client method name. */
export const ENDPOINTS = {
  createProject: { method: 'POST', base: 'v3', path: 'api/odin/v3/editor/project' },
  modifyProject: { method: 'POST', base: 'v3', path: 'api/odin/v3/project/modify' },
  editProject: { method: 'POST', base: 'v3', path: 'api/odin/v3/editor/project/{key}' },
  uploadDubbing: { method: 'POST', base: 'v3', path: 'api/odin/v3/automation/translatevideos' },
  getDubbingProgress: { method: 'GET', base: 'v3', path: 'api/odin/v3/automation/translatevideos' },
  createLegacyProject: { method: 'POST', base: 'legacy', path: 'api/odin/editor/project' },
  createLegacyAudio: { method: 'POST', base: 'legacy', path: 'api/odin/simple/audio' },
  findLegacyProject: { method: 'POST', base: 'legacy', path: 'api/odin/simple/find/{key}' },
} as const satisfies Record<string, EndpointDefinition>;

/**
 * `METHOD /path` as errors name it: no host, no query string.
 *
 * @example endpointLabel('POST', 'api/odin/v3/project/modify') // 'POST /api/odin/v3/project/modify'
 */
export function endpointLabel(method: string, path: string): string {
  return `${method} /${path.replace(/^\/+/, '').replace(/\?.*$/, '')}`;
}
