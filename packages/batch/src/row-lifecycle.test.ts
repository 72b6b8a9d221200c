import { describe, expect, it } from 'vitest';
import {
  recordedResult,
  resumeAction,
  rowStateAfter,
  withDelivery,
  type RowRecord,
  type RowState,
} from './row-lifecycle.js';

const time = '2026-01-01T00:00:00.000Z';
const stateOf = (records: RowRecord[]): RowState | undefined =>
  records.reduce<RowState | undefined>((state, record) => rowStateAfter(state, record) ?? state, undefined);

describe('row lifecycle', () => {
  it('keeps the last outcome, the attempts counted and the ids of the answer', () => {
    const state = stateOf([
      { type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b1.1', projectId: 'p', time },
      { type: 'failed', row: 1, key: 'k1', reason: 'http_503', code: 'VSYNTH_API', message: 'x', status: 503, time },
      { type: 'attempt', row: 1, key: 'k1', attempt: 2, cid: 'b1.1', projectId: 'p', time },
      { type: 'done', row: 1, key: 'k1', projectId: 'p', cubes: 3, via: 'response', time },
    ]);
    expect(state).toEqual({ key: 'k1', status: 'done', cid: 'b1.1', projectId: 'p', attempts: 2, cubes: 3 });
  });

  it('takes a delivery for an unknown or unanswered row as proof it was accepted: done, never resent', () => {
    const attempt = (row: number): RowRecord => ({
      type: 'attempt',
      row,
      key: `k${row}`,
      attempt: 1,
      cid: `b1.${row}`,
      time,
    });
    const lost = (row: number): RowRecord => ({
      type: 'unknown',
      row,
      key: `k${row}`,
      reason: 'lost_response',
      message: 'm',
      time,
    });
    const unknown = stateOf([
      attempt(1),
      lost(1),
      { type: 'delivery', row: 1, cid: 'b1.1', videoUrl: 'https://v/1.mp4', duration: 9.5, time },
    ]);
    expect(unknown).toMatchObject({ status: 'done', videoUrl: 'https://v/1.mp4', duration: 9.5 });
    expect(stateOf([attempt(2), { type: 'delivery', row: 2, cid: 'b1.2', time }])?.status).toBe('done');
    // Another batch's correlation id proves nothing; a lost answer after the delivery changes nothing.
    expect(stateOf([attempt(3), { type: 'delivery', row: 3, cid: 'other.3', time }])?.status).toBe('attempt');
    expect(stateOf([attempt(4), { type: 'delivery', row: 4, cid: 'b1.4', time }, lost(4)])?.status).toBe('done');
  });

  it('on a new run skips done rows, leaves rows without a known outcome unknown unless told to resend, sends the rest', () => {
    const state = (status: RowState['status']): RowState => ({ key: 'k', status, attempts: 1 });
    expect(resumeAction(state('done'), true)).toBe('skip');
    expect(resumeAction(state('attempt'), false)).toBe('unknown');
    expect(resumeAction(state('unknown'), false)).toBe('unknown');
    expect(resumeAction(state('unknown'), true)).toBe('send');
    expect(resumeAction(state('failed'), false)).toBe('send');
    expect(resumeAction(undefined, false)).toBe('send');
    expect(recordedResult(7, state('attempt'), 'unknown')).toMatchObject({
      row: 7,
      status: 'unknown',
      reason: 'no_outcome',
      attempts: 1,
    });
  });

  it('joins a delivery to a result: an unknown row becomes done without its error, with the video', () => {
    const unknown = {
      row: 2,
      rowKey: 'k',
      status: 'unknown' as const,
      reason: 'timeout',
      errorCode: 'VSYNTH_TIMEOUT',
      errorMessage: 'm',
      attempts: 1,
    };
    expect(withDelivery(unknown, { videoUrl: 'https://v/2.mp4', duration: 3.5 })).toEqual({
      row: 2,
      rowKey: 'k',
      status: 'done',
      attempts: 1,
      videoUrl: 'https://v/2.mp4',
      duration: 3.5,
    });
  });
});
