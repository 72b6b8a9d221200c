import { detectVariant, omitUndefined, type Issue } from '@vsynth/core';
import { fitRaw } from './fit-raw.js';
import type { AvatarRef } from './import-node.js';
import { legacyNodes } from './legacy-nodes.js';
import { nameAvatars } from './name-avatars.js';
import { normaliseProject, type ProjectTarget } from './normalise-project.js';
import { printAvatars } from './print-avatars.js';
import { printTsx } from './print-tsx.js';
import { readProject } from './read-project.js';
import { v3Nodes } from './v3-nodes.js';

export interface ImportProjectOptions {
  /** Module specifier the TSX imports the avatars from. Default `./avatars.js`. */
  readonly avatarsModule?: string;
  /** Names the input in error messages, e.g. the file name. Default `payload`. */
  readonly subject?: string;
}

export interface ImportProjectResult {
  /** The TSX module: `export default (<Video>…</Video>)`. */
  readonly tsx: string;
  /** The avatars module (`export const anna = defineAvatar({…})`); `''` when there is none (legacy). */
  readonly avatars: string;
  /** Payload paths of the fields carried in `raw` props, e.g. `scenes[0].thumbnailUrl`. */
  readonly carried: string[];
  /** What the payload was; compile with this target (and variant) to get it back. */
  readonly target: ProjectTarget;
  /** v3: the variant the speech was found in; compile with it. */
  readonly variant: 'A' | 'B' | undefined;
  /** Warnings of core's check of the input (quirks, unknown fields). */
  readonly warnings: Issue[];
}

/**
 * Turns a v3 create request, a legacy project request or a stored project record into a TSX module and an
 * avatars module that compile back to the payload (equal after `normaliseProject`, see docs/decisions.md);
 * what the components cannot express is carried in `raw` props. The same input gives the same bytes.
 *
 * @example const { tsx, avatars, carried } = await importProject(JSON.parse(await readFile('project.json', 'utf8')));
 */
export async function importProject(input: unknown, options: ImportProjectOptions = {}): Promise<ImportProjectResult> {
  const read = readProject(input, options.subject ?? 'payload');
  const expected = normaliseProject(read.payload, read.target);
  const variant = read.target === 'v3' ? detectVariant(expected) : undefined;
  let refs: AvatarRef[] = [];
  let root;
  if (read.target === 'v3') {
    const models = (expected['scenes'] as Record<string, unknown>[]).flatMap((scene) =>
      (scene['clips'] as Record<string, unknown>[])
        .filter((clip) => clip['type'] === 'aiModel')
        .map((clip) => clip['model'] as never),
    );
    const named = nameAvatars(models);
    refs = [...named.values()];
    root = v3Nodes(expected, variant ?? 'A', named);
  } else {
    root = legacyNodes(expected);
  }
  const carried = await fitRaw(root, expected, { target: read.target, ...omitUndefined({ variant }) });
  const source = read.target === 'legacy' ? 'a legacy project request' : `a v3 create request (variant ${variant})`;
  const compileFlags = read.target === 'legacy' ? '--target legacy' : `--variant ${variant}`;
  const tsx = printTsx(root, {
    source: read.at.length > 0 ? `${source} in a stored project record` : source,
    compileFlags,
    avatarsModule: options.avatarsModule ?? './avatars.js',
  });
  return { tsx, avatars: printAvatars(refs), carried, target: read.target, variant, warnings: read.warnings };
}
