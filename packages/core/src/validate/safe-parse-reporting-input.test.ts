import { describe, expect, it } from 'vitest';
import { modifyRequestSchema } from '../schemas/modify.js';
import { safeParseReportingInput } from './safe-parse-reporting-input.js';

describe('safeParseReportingInput', () => {
  it('gives a valid input parsed, and the issues of a failing one with the values they are about', () => {
    const body = { projectId: 'p', updates: { title: 'Hi' }, isExport: true };
    expect(safeParseReportingInput(modifyRequestSchema, body)).toEqual({ success: true, data: body });
    const failed = safeParseReportingInput(modifyRequestSchema, { projectId: 7, updates: { title: 'Hi' } });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map(({ path, input }) => ({ path, input }))).toEqual([
      { path: ['projectId'], input: 7 },
    ]);
  });
});
