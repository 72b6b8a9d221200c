import type { AvatarDefinition } from '../avatar/define-avatar.js';
import type { BuiltinKind } from '../components/builtin.js';

/** A reference to an avatar of the avatars module: printed as its name, compiled as its definition. */
export interface AvatarRef {
  readonly avatarRef: string;
  readonly definition: AvatarDefinition;
}

/**
 * One element of an imported video, before it is printed as TSX or built as an element: the
 * same tree gives the TSX text and the in-memory element the round trip is checked with.
 */
export interface ImportNode {
  readonly kind: BuiltinKind;
  /** Props in print order; values are JSON, `undefined` (inside `raw`) or an {@link AvatarRef}. */
  props: Record<string, unknown>;
  /** Text children (`<Text>`, `<Avatar>`); `''` for none. */
  text: string;
  children: ImportNode[];
}

export function node(
  kind: BuiltinKind,
  props: Record<string, unknown> = {},
  text = '',
  children: ImportNode[] = [],
): ImportNode {
  return { kind, props, text, children };
}

export function isAvatarRef(value: unknown): value is AvatarRef {
  return (
    typeof value === 'object' && value !== null && typeof (value as { avatarRef?: unknown }).avatarRef === 'string'
  );
}
