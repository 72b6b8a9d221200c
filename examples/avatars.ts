/**
 * The avatars the examples use, registered once with their whole model object (as found in the
 * aiModel clip of a project made in the studio). v3 payloads carry this object; legacy payloads
 * need only `ai_name` (model) and `emotion` (clothes).
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

/** Minho, casual outfit: tight box 540×960, shown at editor scale 0.8. */
export const minhoCasual = defineAvatar(
  {
    ai_name: 'minho',
    emotion: 'casual_white_shirt',
    language: 'ko',
    source_url: `${CDN}/minho/casual_white_shirt/idle.webm`,
    maskFile: `${CDN}/minho/casual_white_shirt/mask.png`,
    origin: { width: 1080, height: 1920 },
    editor: {
      top: 0,
      left: 0,
      width: 1080,
      height: 1920,
      scale: 0.8,
      headCenterX: 532,
      headCenterY: 430,
      headWidth: 220,
      headHeight: 300,
      modelTightX: 270,
      modelTightY: 340,
      modelTightS: 1,
      modelTightW: 540,
      modelTightH: 960,
      modelOriginW: 1080,
      modelOriginH: 1920,
      adjustX: 0,
      adjustY: 0,
      spaceB: 620,
      spaceT: 340,
      spaceL: 270,
      spaceR: 270,
    },
    editorValue: {
      headCenterX: 532,
      headCenterY: 430,
      headWidth: 220,
      headHeight: 300,
      modelTightX: 270,
      modelTightY: 340,
      modelTightS: 1,
      modelTightW: 540,
      modelTightH: 960,
      modelOriginW: 1080,
      modelOriginH: 1920,
      scale: 0.8,
      adjustX: 0,
      adjustY: 0,
      spaceB: 620,
      spaceT: 340,
      spaceL: 270,
      spaceR: 270,
    },
    deployImage: {
      themb_src: `${CDN}/minho/casual_white_shirt/thumb.png`,
      themb_width: 180,
      themb_height: 320,
      org_src: `${CDN}/minho/casual_white_shirt/original.png`,
      org_width: 1080,
      org_height: 1920,
      edit_src: `${CDN}/minho/casual_white_shirt/edit.png`,
      edit_width: 720,
      edit_height: 1280,
    },
    deploySize: { org_width: 1080, org_height: 1920, edit_width: 720, edit_height: 1280 },
  },
  { name: 'minho-casual' },
);

/** Minho in a suit: same person, second outfit (referenced by key + clothes). */
export const minhoSuit = defineAvatar(
  {
    ...minhoCasual.model,
    emotion: 'suit_charcoal',
    source_url: `${CDN}/minho/suit_charcoal/idle.webm`,
    maskFile: `${CDN}/minho/suit_charcoal/mask.png`,
  },
  { name: 'minho-suit' },
);

/** Every example avatar, for `compile(…, {avatars})` and as the `avatars` export `compileFile` reads. */
export const avatars = [anna, minhoCasual, minhoSuit];
