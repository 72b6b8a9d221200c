import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parse,
  parseTree,
  type Edit,
  type FormattingOptions,
  type JSONPath,
} from 'jsonc-parser';

/**
 * The text of a props file holding `props`, written over its `previous` text: only the values that
 * changed are edited (jsonc-parser's `modify`), so key order, comments and the formatting of the
 * rest stay byte for byte. Without a previous text, the props as two-space indented JSON.
 *
 * @example propsFileText('{ "customer": "Dana" } // mine\n', { customer: 'Ana' }) // '{ "customer": "Ana" } // mine\n'
 */
export function propsFileText(previous: string | undefined, props: Readonly<Record<string, unknown>>): string {
  if (previous === undefined || previous.trim() === '') return `${JSON.stringify(props, null, 2)}\n`;
  const formatting = formattingOf(previous);
  let text = previous;
  const write = (path: JSONPath, value: unknown): void => {
    const added = value === undefined ? undefined : addedProperty(text, path, value, formatting);
    text = applyEdits(text, added ?? modify(text, path, value, { formattingOptions: formatting }));
  };
  const walk = (path: JSONPath, before: unknown, after: unknown): void => {
    if (isObject(before) && isObject(after)) {
      for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) write([...path, key], undefined);
      for (const [key, value] of Object.entries(after)) walk([...path, key], before[key], value);
      return;
    }
    // Items of an array of the same length are edited in place; an added, removed or moved item rewrites it.
    if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
      for (const [index, value] of after.entries()) walk([...path, index], before[index], value);
      return;
    }
    if (JSON.stringify(before) !== JSON.stringify(after)) write(path, after);
  };
  walk([], parse(previous, [], { allowTrailingComma: true }) as unknown, props);
  return text;
}

/**
 * A key new to an object that has properties, written after its last one on a line of its own at
 * that property's indentation (or after it on the same line, for an object on one line); jsonc's
 * own formatting would re-lay the last property too. Undefined when the key exists or the object
 * is empty, which `modify` handles.
 */
function addedProperty(
  text: string,
  path: JSONPath,
  value: unknown,
  formatting: FormattingOptions,
): Edit[] | undefined {
  const root = parseTree(text);
  const parent = root === undefined ? undefined : findNodeAtLocation(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (parent?.type !== 'object' || typeof key !== 'string') return undefined;
  const properties = parent.children ?? [];
  const last = properties[properties.length - 1];
  if (last === undefined || properties.some((property) => property.children?.[0]?.value === key)) return undefined;
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const before = text.slice(lineStart, last.offset);
  const ownLine = before.trim() === '';
  const unit = formatting.insertSpaces === false ? '\t' : ' '.repeat(formatting.tabSize ?? 2);
  const json = ownLine
    ? JSON.stringify(value, null, unit)
        .split('\n')
        .join(`${formatting.eol ?? '\n'}${before}`)
    : JSON.stringify(value);
  const separator = ownLine ? `${formatting.eol ?? '\n'}${before}` : ' ';
  return [{ offset: last.offset + last.length, length: 0, content: `,${separator}${JSON.stringify(key)}: ${json}` }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The indentation and line ends the file already uses, for the lines an edit adds. */
function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}
