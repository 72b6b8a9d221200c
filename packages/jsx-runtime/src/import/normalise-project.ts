import { copyJsonData } from '@vsynth/core';

type Json = Record<string, unknown>;

/** Which payload a project is: a v3 create request or a legacy project request. */
export type ProjectTarget = 'v3' | 'legacy';

/**
 * The round trip's normalisation: a copy of the payload with every default the compiler writes out made
 * explicit, so a payload that leaves one out and the compiled one that states it compare equal. Key order
 * is not normalised: compare with core's `jsonEqual`.
 *
 * @example normaliseProject({ scenes: [...] }, 'v3').orientation // 'landscape'
 */
export function normaliseProject(payload: unknown, target: ProjectTarget): Json {
  const project = copyJsonData(payload) as Json;
  const scenes = Array.isArray(project['scenes']) ? (project['scenes'] as unknown[]) : [];
  if (target === 'v3') {
    project['orientation'] ??= 'landscape';
    for (const scene of scenes.filter(isObject)) {
      for (const clip of (Array.isArray(scene['clips']) ? scene['clips'] : []).filter(isObject)) {
        clip['scaleX'] ??= 1;
        clip['scaleY'] ??= 1;
        if (clip['type'] !== 'aiModel') continue;
        clip['effects'] ??= [];
        clip['voiceOnly'] ??= false;
        clip['isDelete'] ??= false;
        if (clip['headOnly'] === undefined) clip['headOnly'] = null;
      }
    }
    return project;
  }
  for (const scene of scenes.filter(isObject)) {
    scene['clips'] ??= [];
    const ai = scene['AIModel'];
    if (isObject(ai)) {
      ai['scale'] ??= 1;
      ai['layer'] ??= 300;
    }
    for (const clip of (Array.isArray(scene['clips']) ? scene['clips'] : []).filter(isObject)) {
      const detail = clip['detail'];
      if ((clip['type'] !== 'image' && clip['type'] !== 'text') || !isObject(detail)) continue;
      detail['locationX'] ??= 0;
      detail['locationY'] ??= 0;
      detail['scale'] ??= 1;
      detail['layer'] ??= 500;
    }
  }
  return project;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
