import { describe, expect, it } from 'vitest';
import { formatIssue, formatPath } from './format-issues.js';
import { issue } from './issue.js';
import { ValidationError, isValidationError } from './validation-error.js';

describe('formatPath', () => {
  it('writes indices in brackets and keys with dots', () => {
    expect(formatPath(['scenes', 0, 'scripts', 0, 'modelId'])).toBe('scenes[0].scripts[0].modelId');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['updates', 'title-2'])).toBe('updates["title-2"]');
  });

  it('names the root when the path is empty', () => {
    expect(formatPath([])).toBe('(root)');
  });
});

describe('formatIssue', () => {
  it('prints message, source location and payload path', () => {
    const text = formatIssue(
      issue({
        code: 'jsx',
        message: '<Avatar> needs "clothes"',
        path: ['scenes', 1, 'clips', 0],
        source: { fileName: 'scenes/promo.tsx', lineNumber: 14, columnNumber: 7, element: 'Avatar' },
      }),
    );
    expect(text).toBe('✖ <Avatar> needs "clothes"\n  → at scenes/promo.tsx:14:7 <Avatar> · scenes[1].clips[0]');
  });

  it('prints row and field for data problems', () => {
    const text = formatIssue(
      issue({ code: 'template', message: 'missing variable "firstName"', path: [], row: 3, field: 'firstName' }),
    );
    expect(text).toBe('✖ missing variable "firstName"\n  → at row 3, firstName');
  });
});

describe('ValidationError', () => {
  it('counts errors only and lists every issue', () => {
    const error = new ValidationError(
      [
        issue({ code: 'quirk', severity: 'warning', message: 'sceneIdx 0 repeats', path: ['scenes', 1, 'sceneIdx'] }),
        issue({ code: 'missing', message: 'scenes is required', path: ['scenes'] }),
      ],
      { subject: 'create request' },
    );
    expect(error.code).toBe('VSYNTH_VALIDATION');
    expect(error.message).toBe(
      'Invalid create request: 1 problem\n✖ scenes is required\n  → at scenes\n⚠ sceneIdx 0 repeats\n  → at scenes[1].sceneIdx',
    );
    expect(isValidationError(Object.assign(new Error('x'), { name: 'ValidationError' }))).toBe(true);
  });
});
