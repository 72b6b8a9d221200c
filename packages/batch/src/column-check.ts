import { UsageError, closestName } from '@vsynth/core';
import type { BatchTemplate, DataRow } from '@vsynth/templates';

/**
 * Compares the data's columns (those of its first readable row) with what the batch uses:
 * refuses a `keyColumn` the data lacks, before anything is sent, and warns about columns the
 * template never reads.
 *
 * @example
 * const columns = new ColumnCheck(template, 'email', warn);
 * columns.see(dataRow); // per row; looks at the first readable one
 * columns.end();        // a TSX template's unread columns, once every row was bound
 */
export class ColumnCheck {
  readonly #template: BatchTemplate;
  readonly #keyColumn: string | undefined;
  readonly #warn: (message: string) => void;
  #columns: string[] | undefined;
  #bound = false;

  constructor(template: BatchTemplate, keyColumn: string | undefined, warn: (message: string) => void) {
    this.#template = template;
    this.#keyColumn = keyColumn;
    this.#warn = warn;
  }

  /** Takes the columns of the first row read without issues. */
  see(dataRow: DataRow): void {
    if (this.#columns !== undefined || dataRow.issues !== undefined) return;
    const columns = Object.keys(dataRow.data);
    this.#columns = columns;
    const key = this.#keyColumn;
    if (key !== undefined && !columns.includes(key)) {
      const guess = closestName(key, columns);
      const hint = guess === undefined ? ` (columns: ${columns.join(', ')})` : `; did you mean "${guess}"?`;
      throw new UsageError(`The key column "${key}" is not a column of the data${hint}`);
    }
    const known = this.#template.columns;
    if (known !== undefined) this.#warnUnused((column) => known.required.has(column) || known.optional.has(column));
  }

  /** A row went to the template's `bind`. */
  bound(): void {
    this.#bound = true;
  }

  /** A template that learns its columns while binding (TSX) is checked once, against every row it bound. */
  end(): void {
    const read = this.#template.columns === undefined ? this.#template.columnsRead?.() : undefined;
    if (read !== undefined && this.#bound) this.#warnUnused((column) => read.has(column));
  }

  #warnUnused(used: (column: string) => boolean): void {
    const unused = (this.#columns ?? []).filter((column) => !used(column) && column !== this.#keyColumn);
    if (unused.length === 0) return;
    const names = unused.map((column) => `"${column}"`).join(', ');
    this.#warn(`The ${this.#template.description} does not use column${unused.length === 1 ? '' : 's'} ${names}.`);
  }
}
