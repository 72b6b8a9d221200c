/**
 * The avatars your videos use, each registered once with its whole model object (copy it from the
 * aiModel clip of a project made in the studio). Replace Anna with your own.
 */
import { defineAvatar } from '@vsynth/jsx-runtime';

const CDN = 'https://cdn.example.com/avatars';

/** Anna in a navy business suit: 1080×1920 source, tight box 600×1000, shown at editor scale 1. */
export const anna = defineAvatar({
  ai_name: 'anna',
  emotion: 'business_suit_navy',
  language: 'en',
  source_url: `${CDN}/anna/business_suit_navy/idle.webm`,
  maskFile: `${CDN}/anna/business_suit_navy/mask.png`,
  origin: { width: 1080, height: 1920 },
  editor: {
    top: 0,
    left: 0,
    width: 1080,
    height: 1920,
    scale: 1,
    headCenterX: 540,
    headCenterY: 412,
    headWidth: 236,
    headHeight: 318,
    modelTightX: 240,
    modelTightY: 300,
    modelTightS: 1,
    modelTightW: 600,
    modelTightH: 1000,
    modelOriginW: 1080,
    modelOriginH: 1920,
    adjustX: 0,
    adjustY: 0,
    spaceB: 620,
    spaceT: 300,
    spaceL: 240,
    spaceR: 240,
  },
  editorValue: {
    headCenterX: 540,
    headCenterY: 412,
    headWidth: 236,
    headHeight: 318,
    modelTightX: 240,
    modelTightY: 300,
    modelTightS: 1,
    modelTightW: 600,
    modelTightH: 1000,
    modelOriginW: 1080,
    modelOriginH: 1920,
    scale: 1,
    adjustX: 0,
    adjustY: 0,
    spaceB: 620,
    spaceT: 300,
    spaceL: 240,
    spaceR: 240,
  },
  deployImage: {
    themb_src: `${CDN}/anna/business_suit_navy/thumb.png`,
    themb_width: 180,
    themb_height: 320,
    org_src: `${CDN}/anna/business_suit_navy/original.png`,
    org_width: 1080,
    org_height: 1920,
    edit_src: `${CDN}/anna/business_suit_navy/edit.png`,
    edit_width: 720,
    edit_height: 1280,
  },
  deploySize: { org_width: 1080, org_height: 1920, edit_width: 720, edit_height: 1280 },
});

/** Every avatar, for `compile(…, {avatars})`. */
export const avatars = [anna];
