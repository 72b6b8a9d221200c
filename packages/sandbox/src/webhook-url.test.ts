import { describe, expect, it } from 'vitest';
import { deliveryUrl, redactUrl } from './webhook-url.js';

const params = {
  ai_progress_update_loc: 'http://127.0.0.1:1/sandbox/projects/p',
  videoUrl: 'http://127.0.0.1:1/sandbox/artifacts/a/p 1.json',
  duration: '3.5',
};

describe('deliveryUrl', () => {
  it('appends the three parameters, keeping the existing query as written', () => {
    expect(deliveryUrl('http://h/hook?vs_cid=row%2F7&vs_sig=ab', params)).toBe(
      'http://h/hook?vs_cid=row%2F7&vs_sig=ab&ai_progress_update_loc=http%3A%2F%2F127.0.0.1%3A1%2Fsandbox%2Fprojects%2Fp&videoUrl=http%3A%2F%2F127.0.0.1%3A1%2Fsandbox%2Fartifacts%2Fa%2Fp+1.json&duration=3.5',
    );
  });

  it('starts a query when there is none and drops a fragment', () => {
    expect(deliveryUrl('http://h/hook#x', { ...params, videoUrl: 'v' })).toMatch(
      /^http:\/\/h\/hook\?ai_progress_update_loc=.*&videoUrl=v&duration=3\.5$/,
    );
    expect(deliveryUrl('http://h/hook?', { ...params, videoUrl: 'v' })).toMatch(/^http:\/\/h\/hook\?ai_progress/);
  });
});

describe('redactUrl', () => {
  it('keeps origin and path only', () => {
    expect(redactUrl('https://u:p@h.example/hook?vs_sig=secret')).toBe('https://h.example/hook');
  });
});
