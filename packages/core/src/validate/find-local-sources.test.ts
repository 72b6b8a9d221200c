import { describe, expect, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { findLocalSources } from './find-local-sources.js';

describe('findLocalSources', () => {
  it('names every asset address the service cannot fetch, at its path', () => {
    const payload = {
      scenes: [
        {
          background: { source_url: 'file:///home/me/bg.png' },
          clips: [
            { type: 'image', source_url: 'assets/logo.svg' },
            { type: 'videoImage', video_url: '../clip.mp4', source_url: 'data:image/png;base64,AA==' },
            { type: 'aiModel', model: { source_url: 'https://cdn.example.com/idle.webm' } },
            { type: 'image', source_url: 'https://cdn.example.com/ok.png' },
            { type: 'image', source_url: '/uploads/on-the-service.png' },
          ],
        },
        { AIModel: {}, clips: [{ type: 'image', detail: { url: 'C:\\logo.png' } }] },
      ],
    };
    expect(findLocalSources(payload).map((i) => `${formatPath(i.path)}: ${i.message.split(',')[0]}`)).toEqual([
      'scenes[0].background.source_url: source_url "file:///home/me/bg.png" is a local file',
      'scenes[0].clips[0].source_url: source_url "assets/logo.svg" is a relative path on your disk',
      'scenes[0].clips[1].video_url: video_url "../clip.mp4" is a relative path on your disk',
      'scenes[0].clips[1].source_url: source_url "data:image/png;base64',
      'scenes[1].clips[0].detail.url: url "C:\\\\logo.png" is a local file',
    ]);
  });

  it('finds nothing in a payload of http(s) addresses and service paths', () => {
    expect(findLocalSources({ scenes: [{ background: { source_url: '/bg.png', source_color: '#fff' } }] })).toEqual([]);
    expect(findLocalSources('not a payload')).toEqual([]);
  });
});
