import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AiModelObject } from './ai-model.js';
import { clipSchema, type Clip, type ClipType } from './clip.js';
import { dubbingProgressSchema, dubbingUploadResponseSchema } from './dubbing.js';
import { isLanguageCode, LANGUAGE_CODES } from './language.js';
import { webhookDeliveryQuerySchema } from './webhook-delivery.js';

describe('clipSchema', () => {
  it('narrows by type', () => {
    const clip = clipSchema.parse({
      id: 'aiModel-1',
      type: 'aiModel',
      layer: 1,
      top: 0,
      left: 600,
      width: 720,
      height: 1080,
      model: { ai_name: 'anna', emotion: 'suit_navy', editor: { scale: 0.8 } },
    });
    if (clip.type === 'aiModel') {
      expectTypeOf(clip.model).toEqualTypeOf<AiModelObject>();
      expect(clip.model.editor?.scale).toBe(0.8);
    }
    expectTypeOf<Clip['type']>().toEqualTypeOf<ClipType>();
    // @ts-expect-error a shape clip has no typed model (only the unknown catch-all)
    const modelOfShape = (c: Extract<Clip, { type: 'shape' }>) => c.model.ai_name;
    expect(typeof modelOfShape).toBe('function');
  });
});

describe('language codes', () => {
  it('holds the 30 dubbing language codes', () => {
    expect(LANGUAGE_CODES).toHaveLength(30);
    expect(new Set(LANGUAGE_CODES).size).toBe(30);
    expect(isLanguageCode('fil-PH')).toBe(true);
    expect(isLanguageCode('en')).toBe(false);
  });
});

describe('response and event schemas', () => {
  it('reads the dubbing answers', () => {
    expect(dubbingUploadResponseSchema.parse({ folderId: 'f1' })).toEqual({ folderId: 'f1' });
    expect(
      dubbingProgressSchema.parse({ projectId: 'p', name: 'promo.mp4', progress: 42.5, download_url: '' }).progress,
    ).toBe(42.5);
    expect(dubbingProgressSchema.safeParse({ progress: '42' }).success).toBe(false);
  });

  it('reads a webhook delivery query with a decimal duration', () => {
    const query = Object.fromEntries(
      new URL(
        'https://h.example/done?ai_progress_update_loc=projects%2Fp1&videoUrl=https%3A%2F%2Fcdn%2Fp1.mp4&duration=12.48&vs_cid=row-3',
      ).searchParams,
    );
    expect(webhookDeliveryQuerySchema.parse(query)).toEqual({
      ai_progress_update_loc: 'projects/p1',
      videoUrl: 'https://cdn/p1.mp4',
      duration: '12.48',
      vs_cid: 'row-3',
    });
    expect(webhookDeliveryQuerySchema.safeParse({ ...query, duration: '12s' }).success).toBe(false);
  });
});
