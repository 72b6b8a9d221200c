/**
 * The name a batch gives each project it creates, so a person can find a row's project in the
 * service's project list when the answer was lost: `vsynth <batch>.<row> <row key>`.
 */

/**
 * At most this many characters. The interface states no limit for `name` (a string, default
 * "Default Template"); a name longer than a project list shows would not help find the row.
 */
export const PROJECT_NAME_MAX_CHARS = 100;

/**
 * A row's project name: its correlation id (batch and row) and its key, control characters and
 * runs of spaces made one space, the key cut with `…` to keep the name within
 * {@link PROJECT_NAME_MAX_CHARS}.
 *
 * @example rowProjectName('b1.7', 'ana@example.com') // 'vsynth b1.7 ana@example.com'
 */
export function rowProjectName(correlationId: string, rowKey: string): string {
  const head = `vsynth ${oneLine(correlationId)}`;
  const key = oneLine(rowKey);
  if (key === '') return head.slice(0, PROJECT_NAME_MAX_CHARS);
  const room = PROJECT_NAME_MAX_CHARS - head.length - 1;
  if (room < 2) return head.slice(0, PROJECT_NAME_MAX_CHARS);
  const chars = [...key];
  return `${head} ${chars.length <= room ? key : `${chars.slice(0, room - 1).join('')}…`}`;
}

/**
 * Whether a create request gets the row's project name: only when the template left `name` out (or
 * empty), and the batch did not turn names off.
 *
 * @example namesProject('create', { scenes }, true) // true
 */
export function namesProject(kind: string, body: Record<string, unknown>, enabled: boolean): boolean {
  const name = body['name'];
  return enabled && kind === 'create' && (name === undefined || name === null || name === '');
}

function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
