/** A row handed to a component as props, with a record of which columns the component read. */
export interface RowProps {
  /** The props object: the row's columns, read through a proxy. */
  readonly props: Readonly<Record<string, unknown>>;
  /** Columns of the row the component read. */
  readonly read: ReadonlySet<string>;
  /** Props the component read that the row does not have (and that are not declared optional). */
  readonly missing: ReadonlySet<string>;
}

/**
 * Props a component may read without the row having them: what JSX and JavaScript look up on
 * any object (`children`, `key`, `then` of a thenable check, `toJSON` of `JSON.stringify`).
 */
const NOT_COLUMNS = new Set(['children', 'key', 'ref', 'then', 'toJSON', '$$typeof']);

/**
 * Wraps a row as props that record every column the component reads, and every prop it reads that
 * the row lacks (unless `optional`), so a missing column is an error, never `undefined` in a video.
 *
 * @example
 * const tracked = rowProps({ firstName: 'Ana', email: 'a@b' });
 * Component(tracked.props); // reads props.firstName and props.nickname
 * tracked.read    // Set { 'firstName' }
 * tracked.missing // Set { 'nickname' }
 */
export function rowProps(data: Readonly<Record<string, unknown>>, optional: ReadonlySet<string> = new Set()): RowProps {
  const read = new Set<string>();
  const missing = new Set<string>();
  const props = new Proxy(
    { ...data },
    {
      get(target, name, receiver) {
        if (typeof name === 'string') {
          if (Object.hasOwn(target, name)) read.add(name);
          else if (!NOT_COLUMNS.has(name) && !(name in Object.prototype) && !optional.has(name)) missing.add(name);
        }
        return Reflect.get(target, name, receiver);
      },
    },
  );
  return { props, read, missing };
}
