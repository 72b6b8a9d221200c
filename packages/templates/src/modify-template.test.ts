import { describe, expect, it } from 'vitest';
import { formatIssue, isTemplateError } from '@vsynth/core';
import { modifyTemplate } from './modify-template.js';

const slots = { headline: 'title_2', pitch: 'scripts_1' };

describe('modifyTemplate', () => {
  it('resolves slot names to modify keys and escapes by field', () => {
    const template = modifyTemplate(
      {
        projectId: '{{project}}',
        updates: { headline: 'Hello {{name}}', pitch: '<p>{{name}}</p>', subtitles: '{{name}}' },
        isExport: true,
        webhookUrl: 'https://hooks.example.com/{{id}}',
      },
      { slots },
    );
    expect(template.kind).toBe('modify');
    expect([...template.columns!.required].sort()).toEqual(['id', 'name', 'project']);
    const bound = template.bind({ project: 'p-7', name: 'Tom & Jerry <3', id: 'r1' }, 1);
    expect(bound).toEqual({
      ok: true,
      warnings: [],
      request: {
        kind: 'modify',
        body: {
          projectId: 'p-7',
          isExport: true,
          webhookUrl: 'https://hooks.example.com/r1',
          updates: {
            title_2: 'Hello Tom & Jerry <3',
            scripts_1: '<p>Tom &amp; Jerry &lt;3</p>',
            subtitles: 'Tom & Jerry <3',
          },
        },
      },
    });
    // Sent in this order: the template's other fields, then projectId, webhookUrl and updates.
    expect(bound.ok && Object.keys(bound.request.body)).toEqual(['isExport', 'projectId', 'webhookUrl', 'updates']);
  });

  it('lists every key that is neither a modify key nor a slot, and keys addressed twice', () => {
    let caught: unknown;
    try {
      modifyTemplate(
        { projectId: 'p', updates: { headlin: 'x', title_2: 'a', headline: 'b', scripts_x: 'c' } },
        { slots },
      );
    } catch (error) {
      caught = error;
    }
    expect(isTemplateError(caught)).toBe(true);
    expect((caught as Error).message).toBe(
      [
        'The modify template cannot be used.',
        '✖ "headlin" is neither a modify key (title, subtitles or scripts, optionally _N) nor a slot of the video (slots: headline, pitch)',
        '  → at updates.headlin',
        '✖ "headline" and "title_2" both address title_2',
        '  → at updates.headline',
        '✖ "scripts_x" is neither a modify key (title, subtitles or scripts, optionally _N) nor a slot of the video (slots: headline, pitch)',
        '  → at updates.scripts_x',
      ].join('\n'),
    );
  });

  it('says how to get slots when none were given', () => {
    expect(() => modifyTemplate({ projectId: 'p', updates: { headline: 'x' } })).toThrow(
      /pass --slots-from video\.tsx or a slots object/,
    );
  });

  it('reports each missing variable of a row with row, field and path', () => {
    const template = modifyTemplate({ projectId: 'p', updates: { title: '{{a}} {{b}}', scripts_0: '{{c}}' } });
    const bound = template.bind({ a: 'x' }, 12);
    expect(bound.ok).toBe(false);
    if (bound.ok) return;
    expect(bound.issues.map(formatIssue)).toEqual([
      '✖ missing variable "b" in updates.title: the row has no such column (did you mean "a"?)\n  → at row 12, b · updates.title',
      '✖ missing variable "c" in updates.scripts_0: the row has no such column (did you mean "a"?)\n  → at row 12, c · updates.scripts_0',
    ]);
  });

  it('runs the bound request through core validation', () => {
    const template = modifyTemplate({ projectId: '{{p}}', updates: { title: 'x' } });
    const bound = template.bind({ p: '' }, 3);
    expect(bound.ok).toBe(false);
    if (!bound.ok) expect(bound.issues[0]).toMatchObject({ row: 3, path: ['projectId'] });
  });
});
