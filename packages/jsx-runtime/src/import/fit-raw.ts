import { isValidationError, formatIssues, jsonEqual } from '@vsynth/core';
import { compile } from '../compile/compile.js';
import { buildElement } from './build-element.js';
import { node, type ImportNode } from './import-node.js';
import { normaliseProject, type ProjectTarget } from './normalise-project.js';

type Json = Record<string, unknown>;

/** How the imported tree is compiled back. */
export interface FitRawOptions {
  readonly target: ProjectTarget;
  /** v3 only. */
  readonly variant?: 'A' | 'B';
}

/**
 * Compiles the imported tree and compares the result with the normalised original field by field: each
 * field that differs goes into the `raw` (or a v3 clip's `id`) prop of the element that emits it, until the
 * two are equal. Returns the payload paths of the carried fields, e.g. `scenes[0].thumbnailUrl`.
 */
export async function fitRaw(root: ImportNode, expected: Json, options: FitRawOptions): Promise<string[]> {
  for (let pass = 0; pass < 4; pass++) {
    const got = await compileTree(root, options);
    const fit = new Fit(options.target);
    fit.project(root, expected, got);
    if (!fit.changed) return fit.carried;
  }
  throw new Error(
    'vsynth import: the imported TSX does not compile back to the payload; please report this with the payload',
  );
}

async function compileTree(root: ImportNode, options: FitRawOptions): Promise<Json> {
  try {
    const compiled = await compile(buildElement(root), {
      target: options.target,
      ...(options.target === 'v3' ? { variant: options.variant ?? 'A' } : {}),
      subject: 'imported video',
    });
    return normaliseProject(compiled.payload, options.target);
  } catch (error) {
    if (!isValidationError(error)) throw error;
    throw new Error(`vsynth import: the imported TSX does not compile: ${formatIssues(error.issues)}`);
  }
}

class Fit {
  changed = false;
  readonly carried: string[] = [];

  constructor(private readonly target: ProjectTarget) {}

  project(video: ImportNode, want: Json, got: Json): void {
    this.object(video, want, got, ['scenes'], '');
    const wantScenes = want['scenes'] as Json[];
    const gotScenes = got['scenes'] as Json[];
    wantScenes.forEach((scene, s) => {
      const sceneNode = video.children[s] as ImportNode;
      const gotScene = gotScenes[s] as Json;
      if (this.target === 'v3') this.v3Scene(sceneNode, scene, gotScene, `scenes[${s}]`);
      else this.legacyScene(sceneNode, scene, gotScene, `scenes[${s}]`);
    });
  }

  private v3Scene(sceneNode: ImportNode, want: Json, got: Json, at: string): void {
    this.object(sceneNode, want, got, ['clips', 'background'], at);
    if (!jsonEqual(want['background'], got['background'])) {
      const [wanted, gotten] = [want['background'] as Json, got['background'] as Json];
      this.object(backgroundNode(sceneNode), wanted, gotten, [], `${at}.background`);
    } else {
      const b = sceneNode.children.find((c) => c.kind === 'Background');
      if (b !== undefined) this.listRaw(b, `${at}.background`);
    }
    const clipNodes = sceneNode.children.filter((c) => c.kind !== 'Background');
    const wantClips = want['clips'] as Json[];
    const gotClips = got['clips'] as Json[];
    if (!this.sameShape(sceneNode, wantClips, gotClips, at)) return;
    wantClips.forEach((clip, c) => {
      const element = clipNodes[c] as ImportNode;
      const gotClip = gotClips[c] as Json;
      if (clip['id'] !== gotClip['id'] && typeof clip['id'] === 'string') {
        // The compiler names a clip after its id: compare names again once the id is kept.
        element.props['id'] = clip['id'];
        this.changed = true;
        return;
      }
      this.object(element, clip, gotClip, ['id'], `${at}.clips[${c}]`);
    });
  }

  private legacyScene(sceneNode: ImportNode, want: Json, got: Json, at: string): void {
    this.object(sceneNode, want, got, ['AIModel', 'clips'], at);
    const avatar = sceneNode.children.find((c) => c.kind === 'Avatar') as ImportNode;
    this.object(avatar, want['AIModel'] as Json, got['AIModel'] as Json, [], `${at}.AIModel`);
    const wantClips = want['clips'] as Json[];
    const gotClips = got['clips'] as Json[];
    if (!this.sameShape(sceneNode, wantClips, gotClips, at)) return;
    const clipNodes = sceneNode.children.filter((c) => c.kind === 'Text' || c.kind === 'Image');
    let offset = 0;
    wantClips.forEach((clip, c) => {
      const gotClip = gotClips[c] as Json;
      let element: ImportNode;
      if (clip['type'] === 'background') {
        if (jsonEqual(clip, gotClip)) {
          const b = sceneNode.children.find((n) => n.kind === 'Background');
          if (b !== undefined) this.listRaw(b, `${at}.clips[${c}]`);
          offset = 1;
          return;
        }
        element = backgroundNode(sceneNode);
        offset = 1;
      } else {
        element = clipNodes[c - offset] as ImportNode;
      }
      this.object(element, clip, gotClip, ['detail'], `${at}.clips[${c}]`);
      const [wanted, gotten] = [(clip['detail'] ?? {}) as Json, (gotClip['detail'] ?? {}) as Json];
      this.detail(element, wanted, gotten, `${at}.clips[${c}].detail`);
    });
  }

  /** Same number of clips of the same types, or the scene carries its clips whole. */
  private sameShape(sceneNode: ImportNode, want: readonly Json[], got: readonly Json[], at: string): boolean {
    if (Object.hasOwn((sceneNode.props['raw'] as Json | undefined) ?? {}, 'clips')) {
      this.carried.push(`${at}.clips`);
      return false;
    }
    if (want.length === got.length && want.every((clip, c) => clip['type'] === got[c]?.['type'])) return true;
    const raw = { ...(sceneNode.props['raw'] as Json | undefined), clips: want };
    delete sceneNode.props['raw'];
    sceneNode.props['raw'] = raw;
    this.changed = true;
    this.carried.push(`${at}.clips`);
    return false;
  }

  /** Fields of `want` (except `skip`) that `got` lacks or differs in go into the node's `raw`. */
  private object(element: ImportNode, want: Json, got: Json, skip: readonly string[], at: string): void {
    const raw: Json = { ...(element.props['raw'] as Json | undefined) };
    let changed = false;
    for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
      if (skip.includes(key) || jsonEqual(want[key], got[key])) continue;
      raw[key] = want[key];
      changed = true;
    }
    if (changed) {
      this.changed = true;
      delete element.props['raw'];
      element.props['raw'] = raw;
    }
    this.listRaw(element, at, skip);
  }

  /** Legacy `detail`: differing fields go into `raw.detail`, which the compiler merges. */
  private detail(element: ImportNode, want: Json, got: Json, at: string): void {
    const raw: Json = { ...(element.props['raw'] as Json | undefined) };
    const detail: Json = { ...(raw['detail'] as Json | undefined) };
    let changed = false;
    for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
      if (jsonEqual(want[key], got[key])) continue;
      detail[key] = want[key];
      changed = true;
    }
    if (changed) {
      this.changed = true;
      raw['detail'] = detail;
      delete element.props['raw'];
      element.props['raw'] = raw;
    }
    for (const key of Object.keys(detail)) this.carried.push(`${at}.${key}`);
  }

  private listRaw(element: ImportNode, at: string, skip: readonly string[] = []): void {
    const raw = element.props['raw'] as Json | undefined;
    for (const key of Object.keys(raw ?? {})) {
      if (skip.includes(key) || (this.target === 'legacy' && key === 'detail')) continue;
      this.carried.push(at === '' ? key : `${at}.${key}`);
    }
  }
}

/** The scene's `<Background>`, made from its `background` prop when it has none yet. */
function backgroundNode(scene: ImportNode): ImportNode {
  const found = scene.children.find((c) => c.kind === 'Background');
  if (found !== undefined) return found;
  const value = scene.props['background'] as string | undefined;
  delete scene.props['background'];
  const props =
    value === undefined ? { color: 'rgb(255,255,255)' } : /^(rgb|#)/i.test(value) ? { color: value } : { src: value };
  const made = node('Background', props);
  scene.children.unshift(made);
  return made;
}
