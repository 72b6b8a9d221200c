import { describe, expect, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { isValidationError } from '../errors/validation-error.js';
import { LANGUAGE_CODES } from '../schemas/language.js';
import { checkDubbingForm } from './check-dubbing-form.js';
import { checkDubbingOptions, parseDubbingOptions } from './check-dubbing-options.js';

const byPath = (issues: ReturnType<typeof checkDubbingOptions>) =>
  Object.fromEntries(issues.map((i) => [formatPath(i.path), `${i.severity}: ${i.message}`]));

describe('checkDubbingOptions', () => {
  it('accepts 1 to 10 targets, subtitles for listed targets and speakers auto or 1..5', () => {
    expect(checkDubbingOptions({ targets: ['ko-KR'] })).toEqual([]);
    expect(
      checkDubbingOptions({
        original: 'en-US',
        targets: LANGUAGE_CODES.slice(1, 11),
        targetSrts: { 'hi-IN': new Blob(['1']) },
        isDubbingOnly: true,
        isRemoveBGM: false,
        isCaptionFile: true,
        numberOfSpeakers: 5,
      }),
    ).toEqual([]);
    expect(checkDubbingOptions({ original: 'auto', targets: ['ja-JP'], numberOfSpeakers: 'auto' })).toEqual([]);
  });

  it('rejects no targets, eleven targets, an unknown code and a repeated one', () => {
    expect(byPath(checkDubbingOptions({ targets: [] }))).toEqual({
      targets: 'error: targets must hold at least 1 entry, received 0 entries',
    });
    expect(byPath(checkDubbingOptions({ targets: LANGUAGE_CODES.slice(0, 11) }))).toEqual({
      targets: 'error: targets must hold at most 10 entries, received 11 entries',
    });
    expect(byPath(checkDubbingOptions({ targets: ['ko-KR', 'kr', 'ko-KR'] }))).toEqual({
      'targets[1]': expect.stringMatching(/^error: targets\[1\] must be one of "en-US", .*"vi-VN", received "kr"$/),
      'targets[2]': 'error: target "ko-KR" is listed twice (targets[0]); list each language once',
    });
    expect(byPath(checkDubbingOptions({}))).toEqual({
      targets: 'error: targets is required: expected an array, received nothing',
    });
  });

  it('rejects a subtitle file for a language that is not a target', () => {
    expect(byPath(checkDubbingOptions({ targets: ['ko-KR', 'ja-JP'], targetSrts: { 'fr-FR': 'srt' } }))).toEqual({
      'targetSrts["fr-FR"]':
        'error: targetSrts has a subtitle file for "fr-FR", which is not among targets (ko-KR, ja-JP); add it to targets or remove the file',
    });
    expect(byPath(checkDubbingOptions({ targets: ['ko-KR'], targetSrts: { klingon: 'srt' } }))).toEqual({
      'targetSrts.klingon': expect.stringMatching(
        /^error: "klingon" is not a known field of targetSrts; remove it or check its spelling$/,
      ),
    });
  });

  it('rejects speakers outside auto or 1..5', () => {
    expect(byPath(checkDubbingOptions({ targets: ['ko-KR'], numberOfSpeakers: 6 }))).toEqual({
      numberOfSpeakers: 'error: numberOfSpeakers must be at most 5, received 6',
    });
    expect(byPath(checkDubbingOptions({ targets: ['ko-KR'], numberOfSpeakers: 'two' }))).toEqual({
      numberOfSpeakers: 'error: numberOfSpeakers must be "auto" or a number, received "two"',
    });
    expect(byPath(checkDubbingOptions({ targets: ['ko-KR'], numberOfSpeakers: 2.5 }))).toEqual({
      numberOfSpeakers: 'error: numberOfSpeakers must be "auto" or an integer, received 2.5',
    });
  });

  it('warns when the original language is also a target', () => {
    expect(byPath(checkDubbingOptions({ original: 'ko-KR', targets: ['ko-KR'] }))).toEqual({
      original: 'warning: original "ko-KR" is also a target: dubbing into the video\'s own language',
    });
  });

  it('parseDubbingOptions throws one ValidationError', () => {
    expect(parseDubbingOptions({ targets: ['ko-KR'] })).toEqual({ targets: ['ko-KR'] });
    try {
      parseDubbingOptions({ targets: [], numberOfSpeakers: 0 });
      expect.unreachable();
    } catch (error) {
      expect(isValidationError(error)).toBe(true);
      expect((error as Error).message).toMatch(/^Invalid dubbing options: 2 problems\n/);
    }
  });
});

describe('checkDubbingForm', () => {
  const file = new Blob(['video']);

  it('accepts the spec fields', () => {
    expect(
      checkDubbingForm({
        file,
        original: 'en-US',
        originalSrt: file,
        target_0: 'ko-KR',
        target_1: 'ja-JP',
        targetSrt_1: file,
        isDubbingOnly: 'false',
        isRemoveBGM: 'true',
        isCaptionFile: 'false',
        numberOfSpeakers: '3',
      }),
    ).toEqual([]);
  });

  it('requires file and target_0, and targetSrt_N only beside target_N', () => {
    expect(byPath(checkDubbingForm({ target_1: 'ko-KR', targetSrt_2: file }))).toEqual({
      file: 'error: file is required: the video to dub',
      target_0: 'error: target_0 is required: the first target language code',
      target_1: 'warning: target_1 is given without target_0; number targets from target_0 without gaps',
      targetSrt_2: 'error: targetSrt_2 is given without target_2; a subtitle file goes beside its target language',
    });
  });

  it('rejects a language listed as two targets', () => {
    expect(byPath(checkDubbingForm({ file, target_0: 'ko-KR', target_1: 'ja-JP', target_2: 'ko-KR' }))).toEqual({
      target_2: 'error: target_2 repeats target_0 (ko-KR); list each language once',
    });
  });

  it('rejects target_10, bad codes, speakers and flags', () => {
    expect(
      byPath(
        checkDubbingForm({
          file,
          target_0: 'xx',
          target_10: 'ko-KR',
          numberOfSpeakers: '6',
          isRemoveBGM: 'yes',
          original: 'english',
        }),
      ),
    ).toEqual({
      target_0: 'error: target_0 must be a language code from the spec\'s table (e.g. ko-KR), received "xx"',
      target_10: 'error: target_10 is beyond the limit of 10 targets (target_0 … target_9)',
      numberOfSpeakers: 'error: numberOfSpeakers must be auto or 1 to 5, received "6"',
      isRemoveBGM: 'error: isRemoveBGM must be true or false, received "yes"',
      original: 'error: original must be auto or a language code from the spec\'s table, received "english"',
    });
  });
});
