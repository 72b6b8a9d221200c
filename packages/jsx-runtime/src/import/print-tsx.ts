import { isAvatarRef, type AvatarRef, type ImportNode } from './import-node.js';
import { printValue } from './print-value.js';

/** What the header comment and the imports of {@link printTsx} say. */
export interface PrintTsxOptions {
  /** E.g. `a v3 create request (variant A)`. */
  readonly source: string;
  /** The `vsynth compile` options that give the payload back, e.g. `--variant A`. */
  readonly compileFlags: string;
  /** Module specifier of the avatars module, e.g. `./avatars.js`. */
  readonly avatarsModule: string;
}

/** A line longer than this puts each prop on its own line. */
const WIDTH = 120;
/** Text written as JSX text: no characters JSX reads specially, no white space it would trim. */
const PLAIN_TEXT = /^[^\s{}<>]([^{}<>\r\n\t\u2028\u2029]*[^\s{}<>])?$/;
const PLAIN_ATTRIBUTE = /^[^"\r\n\t\u2028\u2029\\]*$/;
/** What JSX would decode as an HTML entity (`&amp;`, `&#39;`); a lone `&` stays as it is. */
const ENTITY = /&#?[A-Za-z0-9]+;/;

/**
 * The TSX module of an imported video: a header saying where it came from and how to compile it back, the
 * component and avatar imports it uses, and `export default (<Video>…</Video>)`.
 */
export function printTsx(root: ImportNode, options: PrintTsxOptions): string {
  const kinds = new Set<string>();
  const avatars = new Set<string>();
  const visit = (n: ImportNode): void => {
    kinds.add(n.kind);
    for (const v of Object.values(n.props)) if (isAvatarRef(v)) avatars.add(v.avatarRef);
    n.children.forEach(visit);
  };
  visit(root);
  const flags = options.compileFlags === '' ? '' : ` ${options.compileFlags}`;
  const lines = [
    '/**',
    ` * Imported by \`vsynth import\` from ${options.source}.`,
    ` * Compiles back to it: vsynth compile <this file>${flags}`,
    ' * `raw` props carry what the components cannot express, unchanged.',
    ' */',
    `import { ${[...kinds].sort().join(', ')} } from '@vsynth/jsx-runtime';`,
  ];
  if (avatars.size > 0) lines.push(`import { ${[...avatars].sort().join(', ')} } from '${options.avatarsModule}';`);
  lines.push('', 'export default (', printNode(root, '  '), ');', '');
  return lines.join('\n');
}

function printNode(n: ImportNode, indent: string): string {
  const props = Object.entries(n.props).map(([k, v]) => printProp(k, v, `${indent}  `));
  const oneLine = `${indent}<${n.kind}${props.map((p) => ` ${p}`).join('')}`;
  const fits = oneLine.length <= WIDTH && !props.some((p) => p.includes('\n'));
  const open = fits ? oneLine : `${indent}<${n.kind}\n${props.map((p) => `${indent}  ${p}`).join('\n')}\n${indent}`;
  const close = `</${n.kind}>`;
  if (n.children.length > 0) {
    return `${open}>\n${n.children.map((c) => printNode(c, `${indent}  `)).join('\n')}\n${indent}${close}`;
  }
  if (n.text === '') return `${open}${open.endsWith(`\n${indent}`) ? '' : ' '}/>`;
  const text = PLAIN_TEXT.test(n.text) && !ENTITY.test(n.text) ? n.text : `{${JSON.stringify(n.text)}}`;
  const inline = `${open}>${text}${close}`;
  if (!inline.includes('\n') && inline.length <= WIDTH) return inline;
  return `${open}>\n${indent}  ${text}\n${indent}${close}`;
}

function printProp(name: string, value: unknown, indent: string): string {
  if (isAvatarRef(value)) return `${name}={${(value as AvatarRef).avatarRef}}`;
  if (value === true) return name;
  if (typeof value === 'string' && PLAIN_ATTRIBUTE.test(value) && !ENTITY.test(value)) return `${name}="${value}"`;
  return `${name}={${printValue(value, indent)}}`;
}
