import {
  ApiError,
  NetworkError,
  TemplateError,
  TimeoutError,
  UsageError,
  ValidationError,
  VsynthError,
} from '@vsynth/core';
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from './exit-code-for.js';
import { ExitCode } from './exit-codes.js';

describe('exitCodeFor', () => {
  it('maps each error kind to the documented exit code', () => {
    const endpoint = 'POST /api/odin/v3/editor/project';
    expect(exitCodeFor(new UsageError('bad option'))).toBe(2);
    expect(exitCodeFor(new VsynthError('VSYNTH_CONFIG', 'set VSYNTH_API_KEY'))).toBe(2);
    expect(exitCodeFor(new ValidationError([]))).toBe(3);
    expect(exitCodeFor(new TemplateError('missing variable', []))).toBe(3);
    expect(exitCodeFor(new ApiError({ status: 400, endpoint }))).toBe(4);
    expect(exitCodeFor(new ApiError({ status: 404, endpoint }))).toBe(4);
    expect(exitCodeFor(new ApiError({ status: 429, endpoint }))).toBe(5);
    expect(exitCodeFor(new ApiError({ status: 503, endpoint }))).toBe(5);
    expect(exitCodeFor(new NetworkError(endpoint, 'connection refused'))).toBe(5);
    expect(exitCodeFor(new TimeoutError(endpoint, 1000))).toBe(5);
    expect(exitCodeFor(new VsynthError('VSYNTH_ABORTED', `${endpoint} was aborted by the caller.`))).toBe(5);
    expect(exitCodeFor(new Error('bug'))).toBe(ExitCode.internal);
  });
});
