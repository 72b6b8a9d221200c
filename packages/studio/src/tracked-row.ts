/**
 * Props made from a data row that record what the component read: a prop the row lacks is a
 * problem naming row and column (as `vsynth batch --dry-run` reports it), never `undefined` in
 * the video. Mirrors the TSX template's rule in @vsynth/templates, which does not export its helper.
 */

/** What JSX and JavaScript look up on any object; never a column. */
const NOT_COLUMNS = new Set(['children', 'key', 'ref', 'then', 'toJSON', '$$typeof']);

/** A row as props plus the props read that the row does not have. */
export interface TrackedRow {
  readonly props: Readonly<Record<string, unknown>>;
  readonly missing: ReadonlySet<string>;
}

/**
 * Wraps a row; `optional` names props a component may read without the row having them.
 *
 * @example
 * const tracked = trackedRow({ name: 'Ana' });
 * Card(tracked.props); // reads props.name and props.city
 * tracked.missing // Set { 'city' }
 */
export function trackedRow(data: Readonly<Record<string, unknown>>, optional: ReadonlySet<string> = new Set()): TrackedRow {
  const missing = new Set<string>();
  const props = new Proxy(
    { ...data },
    {
      get(target, name, receiver) {
        if (typeof name === 'string' && !Object.hasOwn(target, name) && !NOT_COLUMNS.has(name) && !(name in Object.prototype) && !optional.has(name)) {
          missing.add(name);
        }
        return Reflect.get(target, name, receiver);
      },
    },
  );
  return { props, missing };
}
