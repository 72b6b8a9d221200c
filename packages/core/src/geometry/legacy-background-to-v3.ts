/** The v3 scene background a legacy `background` clip becomes. */
export type LegacyBackground = {
  readonly id: 'background';
  readonly type: 'background';
  readonly source_type: 'image';
  readonly source_url: string;
};

/** The v3 `scene.background` for a legacy `background` clip's `detail.url`. */
export function legacyBackgroundToV3(url: string): LegacyBackground {
  return { id: 'background', type: 'background', source_type: 'image', source_url: url };
}
