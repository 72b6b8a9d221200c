import type { JsonSchemaNode } from '@vsynth/jsx-runtime';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
/** How a cell lists an array's items when the schema does not say (`.meta({ delimiter })`). */
export const DEFAULT_DELIMITER = ';';

/**
 * A data row's cells (all strings) read as the props a schema describes: numbers and integers as
 * numbers, booleans from `true/false/yes/no/1/0` (any case), arrays split on the schema's
 * `delimiter` (default `;`) with each item read the same way, an empty cell as absent (so defaults
 * apply). A cell that does not read as its type is left as written, for the schema to name.
 *
 * @example coerceCells({ price: '12.5', vip: 'yes', tags: 'a; b' }, schemaOf(row))
 * // { price: 12.5, vip: true, tags: ['a', 'b'] }
 */
export function coerceCells(data: Readonly<Record<string, unknown>>, schema: JsonSchemaNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, cell] of Object.entries(data)) {
    const node = schema.properties?.[column];
    if (typeof cell !== 'string' || node === undefined) out[column] = cell;
    else if (cell.trim() !== '') out[column] = coerceCell(cell, node);
  }
  return out;
}

function coerceCell(cell: string, node: JsonSchemaNode): unknown {
  const types = typesOf(node);
  if (types.has('array')) {
    const delimiter = node.delimiter ?? DEFAULT_DELIMITER;
    const items = cell.split(delimiter).map((item) => item.trim());
    return node.items === undefined ? items : items.map((item) => coerceCell(item, node.items as JsonSchemaNode));
  }
  const text = cell.trim();
  if ((types.has('number') || types.has('integer')) && NUMBER.test(text)) return Number(text);
  if (types.has('boolean')) {
    const word = text.toLowerCase();
    if (TRUE.has(word)) return true;
    if (FALSE.has(word)) return false;
  }
  if (types.has('null') && text.toLowerCase() === 'null') return null;
  return cell;
}

/** The JSON types a node admits, through `anyOf` (optional and nullable props). */
function typesOf(node: JsonSchemaNode): Set<string> {
  const types = new Set<string>();
  const add = (type: JsonSchemaNode['type']) => {
    if (typeof type === 'string') types.add(type);
    else if (Array.isArray(type)) for (const t of type) types.add(t);
  };
  add(node.type);
  for (const option of node.anyOf ?? []) for (const type of typesOf(option)) types.add(type);
  if (types.size === 0 && node.enum !== undefined) for (const value of node.enum) types.add(typeof value);
  return types;
}
