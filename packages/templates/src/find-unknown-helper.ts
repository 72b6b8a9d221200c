/** The parts of a Handlebars AST node that name a call. */
interface CallNode {
  readonly type: string;
  readonly body?: readonly CallNode[];
  readonly path?: CallNode;
  readonly params?: readonly CallNode[];
  readonly hash?: { readonly pairs: readonly { readonly value: CallNode }[] };
  readonly program?: CallNode;
  readonly inverse?: CallNode;
  readonly parts?: readonly string[];
  readonly original?: string;
  readonly data?: boolean;
  readonly depth?: number;
}

/**
 * The first helper a parsed template calls that is not registered: `{{uper name}}`,
 * `{{#repeat n}}…{{/repeat}}`, `(fmt x)`. A `{{name}}` without arguments is a variable, and
 * `{{#name}}…{{/name}}` a section over a value, so neither counts. Undefined when every call is known.
 *
 * @example findUnknownHelper(env.parse('{{uper name}}'), new Set(['upper'])) // 'uper'
 */
export function findUnknownHelper(ast: unknown, helpers: ReadonlySet<string>): string | undefined {
  const stack: CallNode[] = [ast as CallNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'MustacheStatement' || node.type === 'SubExpression' || node.type === 'BlockStatement') {
      const head = node.path;
      const hasArguments = (node.params?.length ?? 0) > 0 || (node.hash?.pairs.length ?? 0) > 0;
      const isCall = hasArguments || node.type === 'SubExpression';
      if (
        isCall &&
        head?.type === 'PathExpression' &&
        head.data !== true &&
        (head.depth ?? 0) === 0 &&
        head.parts?.length === 1
      ) {
        const name = head.original ?? head.parts[0]!;
        if (!helpers.has(name)) return name;
      }
      for (const param of node.params ?? []) stack.push(param);
      for (const pair of node.hash?.pairs ?? []) stack.push(pair.value);
    }
    if (node.program !== undefined) stack.push(node.program);
    if (node.inverse !== undefined) stack.push(node.inverse);
    for (const child of node.body ?? []) stack.push(child);
  }
  return undefined;
}
