import { describe, expect, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { checkRequest } from './check-request.js';
import { inferRequestKind } from './request-kind.js';
import { EXAMPLE_PAYLOADS, loadExample, type ExampleName } from './test-payloads.js';

const names = Object.keys(EXAMPLE_PAYLOADS) as ExampleName[];

describe('example payloads', () => {
  it.each(names)('%s validates without errors or warnings and its kind is inferred', (name) => {
    const payload = loadExample(name);
    const result = checkRequest(EXAMPLE_PAYLOADS[name], payload);
    expect(result.ok ? result.warnings : result.issues).toEqual([]);
    expect(inferRequestKind(payload)).toBe(EXAMPLE_PAYLOADS[name]);
  });

  // Each broken copy must fail with exactly this path among its errors.
  const broken: Record<ExampleName, { mutate: (p: any) => void; path: string; message: string }> = {
    'create-variant-a': {
      mutate: (p) => {
        p.scenes[1].scripts[0].clothId = 'suit_red';
      },
      path: 'scenes[1].scripts[0].clothId',
      message: 'clothId "suit_red" does not match the avatar clip\'s model.emotion "suit_navy" (scenes[1].clips[3])',
    },
    'create-variant-b': {
      mutate: (p) => {
        p.scenes[0].clips[1].script.tts = 'anna-voice';
      },
      path: 'scenes[0].clips[1].script.tts',
      message: 'tts must be an object or null, received "anna-voice"',
    },
    modify: {
      mutate: (p) => {
        p.updates['headline_1'] = 'Hi';
      },
      path: 'updates.headline_1',
      message:
        'updates key "headline_1" must be title, subtitles or scripts, optionally followed by _ and an index (e.g. title_2)',
    },
    edit: {
      mutate: (p) => {
        p.updates.value[1].values.fontSize = 'big';
      },
      path: 'updates.value[1].values.fontSize',
      message: 'fontSize must be a number, received "big"',
    },
    legacy: {
      mutate: (p) => {
        delete p.scenes[0].clips[1].detail.url;
      },
      path: 'scenes[0].clips[1].detail.url',
      message: 'url is required: expected a string, received nothing',
    },
    'legacy-audio': {
      mutate: (p) => {
        p.text = 42;
      },
      path: 'text',
      message: 'text must be a string, received 42',
    },
  };

  it.each(names)('a broken copy of %s fails with the right path and message', (name) => {
    const payload = loadExample(name);
    const spec = broken[name];
    spec.mutate(payload);
    const result = checkRequest(EXAMPLE_PAYLOADS[name], payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const errors = result.issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => [formatPath(i.path), i.message])).toEqual([[spec.path, spec.message]]);
  });
});

describe('every typed leaf of every example', () => {
  /**
   * String and number leaves of a payload with their paths, skipping open data (dictionary) and string|number fields.
   */
  function leaves(
    value: unknown,
    path: (string | number)[] = [],
  ): { path: (string | number)[]; value: string | number }[] {
    if (path.includes('dictionary') || path[path.length - 1] === 'fontWeight') return [];
    if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
    if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
    if (typeof value === 'object' && value !== null)
      return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
    return [];
  }

  it.each(names)('%s: a wrong-typed value anywhere is an error at exactly that path', (name) => {
    const original = loadExample(name);
    const found = leaves(original);
    expect(found.length).toBeGreaterThan(3);
    for (const leaf of found) {
      const payload = loadExample(name);
      let parent = payload;
      for (const segment of leaf.path.slice(0, -1)) parent = parent[segment];
      parent[leaf.path[leaf.path.length - 1]!] = typeof leaf.value === 'string' ? 12345 : 'twelve';
      const result = checkRequest(EXAMPLE_PAYLOADS[name], payload);
      expect(result.ok, formatPath(leaf.path)).toBe(false);
      if (result.ok) continue;
      expect(result.issues.filter((i) => i.severity === 'error').map((i) => formatPath(i.path))).toContain(
        formatPath(leaf.path),
      );
    }
  });
});
